/**
 * Worktrees added to the agents: the lead gets the tools (it makes a worktree per task, binds,
 * merges, removes) and `/worktrees`; every child — a teammate, a subagent — gets a cwd that
 * follows its bound task into that task's worktree, and the hook that moves it.
 *
 *   lead:      worktree_create · task_bind_worktree · worktree_run · worktree_status · … · /worktrees
 *   teammate:  cwd = the worktree of the task it works on (else where it was started)
 */
import type { AgentOptions, AgentParts, PromptSection } from "@learn/core";
import { TaskBoard } from "@learn/s08";
import { worktreesCommand } from "./worktrees-command.ts";
import {
  Places,
  taskBindWorktreeTool,
  WORKTREE_TOOLS,
  worktreeCreateTool,
  worktreeKeepTool,
  worktreeListTool,
  worktreeRemoveTool,
  Worktrees,
  worktreeRunTool,
  worktreeStatusTool,
} from "./worktrees/index.ts";

/** Why the worktree tools need no question (a grant: see mechanism.ts). */
export const WORKTREES_GRANT = "lesson 12: these write only .worktrees/ (a checkout and its books), as the task tools write .tasks/";

export const WORKTREE_GUIDANCE: PromptSection = {
  name: "worktrees",
  tools: [WORKTREE_TOOLS.create],
  text:
    "Worktrees: when agents work in parallel, give each task a worktree of its own (worktree_create with its task_id): " +
    "a folder and a branch, so nobody writes into another's files. A teammate working a bound task works inside its worktree and commits there. " +
    "When the work is reported done, merge its branch from the workspace (bash: git merge --no-edit wt/<name>), then worktree_remove it with complete_task. " +
    "Never force a removal unless the work should be lost.",
};

/** The workspace's worktrees, and where each agent works. */
export interface WorktreeSetup {
  worktrees: Worktrees;
  places: Places;
}

export async function worktreesFor(options: AgentOptions): Promise<WorktreeSetup> {
  const worktrees = new Worktrees(options.cwd, await TaskBoard.open(options.cwd));
  return { worktrees, places: new Places(worktrees) };
}

/** A child's parts (a teammate's, a subagent's), following its bound task into that task's worktree. */
export function following(parts: AgentParts, options: AgentOptions, { places }: WorktreeSetup): AgentParts {
  const agent = options.model.agent;
  const started = parts.cwd ?? (() => options.cwd);
  return {
    ...parts,
    cwd: () => places.cwdOf(agent, started()),
    hooks: [...parts.hooks, places.hook()],
    liveState: [...parts.liveState, () => places.note(agent)],
  };
}

/** The lead's parts with the worktree tools, their guidance and `/worktrees`. */
export function withWorktrees(base: AgentParts, { worktrees }: WorktreeSetup): AgentParts {
  return {
    ...base,
    tools: [
      ...base.tools,
      worktreeCreateTool(worktrees),
      worktreeListTool(worktrees),
      worktreeStatusTool(worktrees),
      worktreeRunTool(worktrees),
      worktreeKeepTool(worktrees),
      worktreeRemoveTool(worktrees),
      taskBindWorktreeTool(worktrees),
    ],
    sections: [...base.sections, WORKTREE_GUIDANCE],
    commands: [...base.commands, worktreesCommand(worktrees)],
  };
}
