/**
 * What lesson 12 adds (worktree-parts.ts): the lead gets the worktree tools and `/worktrees`;
 * every child — a teammate, a subagent — gets a cwd that follows its bound task into that
 * task's worktree. Both sides use the session's one view of the worktrees, made by the lead.
 */
import type { BuildContext, Mechanism } from "@learn/core";
import { following, withWorktrees, WORKTREES_GRANT, worktreesFor, type WorktreeSetup } from "./worktree-parts.ts";
import { WORKTREE_TOOLS } from "./worktrees/index.ts";

const worktreesOf = (ctx: BuildContext): Promise<WorktreeSetup> => ctx.shared("s12:worktrees", () => worktreesFor(ctx.options));

export const worktrees: Mechanism = {
  name: "worktrees",
  for: ["lead"],
  grants: [{ rules: [WORKTREE_TOOLS.create, WORKTREE_TOOLS.keep, WORKTREE_TOOLS.remove, WORKTREE_TOOLS.bind], source: WORKTREES_GRANT }],
  add: async (parts, ctx) => withWorktrees(parts, await worktreesOf(ctx)),
};

export const followTasks: Mechanism = {
  name: "follow tasks",
  for: ["subagent", "teammate"],
  add: async (parts, ctx) => following(parts, ctx.options, await worktreesOf(ctx)),
};
