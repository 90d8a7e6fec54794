/**
 * What lesson 12 gives every child — a teammate, a subagent: a cwd that follows its bound task
 * into that task's worktree, and the hook that moves it (place.ts).
 */
import type { Mechanism } from "@learn/core";
import { worktreesOf } from "../worktrees/index.ts";

/** Every child (a teammate, a subagent) follows its bound task into that task's worktree. */
export const followTasks: Mechanism = {
  name: "follow tasks",
  for: ["subagent", "teammate"],
  async add(parts, ctx) {
    const { options } = ctx;
    const { places } = await worktreesOf(ctx);
    const agent = options.model.agent;
    const started = parts.cwd ?? (() => options.cwd);
    return {
      ...parts,
      cwd: () => places.cwdOf(agent, started()),
      hooks: [...parts.hooks, places.hook()],
      liveState: [...parts.liveState, () => places.note(agent)],
    };
  },
};
