/**
 * What lesson 12 gives the lead: the worktree tools (it makes a worktree per task, binds,
 * merges, removes) and `/worktrees`. Every child follows its bound task into that task's
 * worktree (follow-tasks/), through the session's one view of the worktrees made here.
 *
 *   lead:      worktree_create · task_bind_worktree · worktree_run · worktree_status · … · /worktrees
 *   teammate:  cwd = the worktree of the task it works on (else where it was started)
 */
import { sessionKey, type AgentOptions, type BuildContext, type Mechanism, type PromptSection } from "@learn/core";
import { TaskBoard } from "@learn/s08";
import { worktreesCommand } from "./command.ts";
import { Places } from "../follow-tasks/place.ts";
import { Worktrees } from "./manager.ts";
import {
  taskBindWorktreeTool,
  WORKTREE_TOOLS,
  worktreeCreateTool,
  worktreeKeepTool,
  worktreeListTool,
  worktreeRemoveTool,
  worktreeRunTool,
  worktreeStatusTool,
} from "./tools.ts";

/** Why the worktree tools need no question. */
const WORKTREES_GRANT = "lesson 12: these write only .worktrees/ (a checkout and its books), as the task tools write .tasks/";

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

const WORKTREES = sessionKey<Promise<WorktreeSetup>>("the worktrees");

/** The session's one view of the worktrees, made by the lead's mechanism, found by every child's. */
export const worktreesOf = (ctx: BuildContext): Promise<WorktreeSetup> => ctx.shared(WORKTREES, () => worktreesFor(ctx.options));

/** The lead gets the worktree tools, their guidance and `/worktrees`. */
export const worktrees: Mechanism = {
  name: "worktrees",
  for: ["lead"],
  grants: [{ rules: [WORKTREE_TOOLS.create, WORKTREE_TOOLS.keep, WORKTREE_TOOLS.remove, WORKTREE_TOOLS.bind], source: WORKTREES_GRANT }],
  async add(base, ctx) {
    const { worktrees: checkouts } = await worktreesOf(ctx);
    return {
      ...base,
      tools: [
        ...base.tools,
        worktreeCreateTool(checkouts),
        worktreeListTool(checkouts),
        worktreeStatusTool(checkouts),
        worktreeRunTool(checkouts),
        worktreeKeepTool(checkouts),
        worktreeRemoveTool(checkouts),
        taskBindWorktreeTool(checkouts),
      ],
      sections: [...base.sections, WORKTREE_GUIDANCE],
      commands: [...base.commands, worktreesCommand(checkouts)],
    };
  },
};

// The worktrees on disk, piece by piece: for the tests and for later lessons (through the entry point).
export * from "./describe.ts";
export * from "./events.ts";
export * from "./index-file.ts";
export * from "./manager.ts";
export * from "./names.ts";
export * from "./tools.ts";
