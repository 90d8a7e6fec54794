/**
 * The model's side of worktrees. Creating, keeping, binding and removing only touch
 * `.worktrees/` (a checkout and its books), so they are granted like the task tools — except
 * a forced removal, which throws work away: it declares itself unapprovable, so no grant or
 * rule says yes to it and the permission mode decides (a person, by default). worktree_run
 * runs a command, so it declares that command — and where it runs — and the permission
 * policy judges it exactly as bash, from inside the worktree.
 */
import { defineTool, ToolError, type Tool } from "@learn/core";
import { runCommand } from "@learn/core/harness";
import { BASH_TIMEOUT_MS, formatRun, refusalFor } from "@learn/s01";
import { z } from "zod";
import { describeEntries, describeStatus } from "./describe.ts";
import { repositoryOf } from "./git/repository.ts";
import { INDEX_FILE } from "./index-file.ts";
import { namesIn, type Worktrees } from "./manager.ts";
import { worktreePath, WorktreeName } from "./names.ts";

export const WORKTREE_TOOLS = {
  create: "worktree_create",
  list: "worktree_list",
  status: "worktree_status",
  run: "worktree_run",
  keep: "worktree_keep",
  remove: "worktree_remove",
  bind: "task_bind_worktree",
} as const;

const TaskId = z.number().int().positive();
// A ref is one argument to git, never an option: no leading "-", no spaces or control characters.
const BaseRef = z
  .string()
  .regex(/^[^-\s][^\s]{0,199}$/, "a base_ref is a branch, tag or commit id: no spaces, not starting with \"-\"")
  .describe("The branch, tag or commit to start from (default HEAD: where the workspace is now).");

export function worktreeCreateTool(worktrees: Worktrees): Tool {
  return defineTool({
    name: WORKTREE_TOOLS.create,
    description:
      "Create a git worktree for one task: a folder .worktrees/<name> on a new branch wt/<name>, so its work never collides with other agents'. " +
      "Give task_id to bind the task now: whoever works that task then works inside the worktree.",
    input: z.object({ name: WorktreeName, task_id: TaskId.optional().describe("The task this worktree is for."), base_ref: BaseRef.optional() }),
    permission: { mutating: true, subject: ({ name }) => ({ writes: [worktreePath(name)] }) },
    summary: ({ name, task_id }) => `${name}${task_id ? ` for task #${task_id}` : ""}`,
    async run({ name, task_id, base_ref }, ctx) {
      const e = await worktrees.create({ name, taskId: task_id, baseRef: base_ref }, ctx.signal);
      const bound = e.task_id === null ? "" : ` Task #${e.task_id} is bound to it: whoever works that task works there.`;
      return `Created worktree ${e.name}: ${e.path} on branch ${e.branch} (from ${e.base.slice(0, 7)}).${bound}`;
    },
  });
}

export function worktreeListTool(worktrees: Worktrees): Tool {
  return defineTool({
    name: WORKTREE_TOOLS.list,
    description: "List this workspace's worktrees: name, status (active, kept, removed), folder, branch, bound task.",
    input: z.object({}),
    permission: { mutating: false },
    concurrencySafe: true,
    async run(_input, ctx) {
      await repositoryOf(worktrees.workspace, ctx.signal); // no repository, no worktrees: say why
      const { entries, problem } = await worktrees.list();
      if (problem) throw new ToolError(problem);
      return entries.length ? describeEntries(entries) : namesIn(entries);
    },
  });
}

export function worktreeStatusTool(worktrees: Worktrees): Tool {
  return defineTool({
    name: WORKTREE_TOOLS.status,
    description: "One worktree in full: its entry, its uncommitted changes, and whether its branch is merged into the workspace's branch.",
    input: z.object({ name: WorktreeName }),
    permission: { mutating: false },
    concurrencySafe: true,
    run: ({ name }, ctx) => describeStatus(worktrees, name, ctx.signal),
  });
}

export function worktreeRunTool(worktrees: Worktrees): Tool {
  return defineTool({
    name: WORKTREE_TOOLS.run,
    description: `Run a shell command inside a worktree (its folder is the command's cwd), e.g. its tests or git commit. Times out after ${BASH_TIMEOUT_MS / 1000}s.`,
    input: z.object({ name: WorktreeName, command: z.string().min(1, "command must not be empty").describe("The shell command to run there.") }),
    // Judged in the folder it runs in: the worktree's, from the workspace (not from wherever the caller works now).
    permission: { mutating: true, subject: ({ name, command }) => ({ commands: [command], cwd: worktrees.folderOf({ name }) }) },
    summary: ({ name, command }) => `${name}: ${command}`,
    async run({ name, command }, ctx) {
      const refusal = refusalFor(command);
      if (refusal) throw new ToolError(refusal);
      const entry = await worktrees.get(name);
      if (entry.status === "removed") throw new ToolError(`Worktree ${name} was removed${entry.note ? ` (${entry.note})` : ""}: nothing was run.`);
      const result = await runCommand(command, { cwd: await worktrees.checkedFolderOf(entry), timeoutMs: BASH_TIMEOUT_MS, signal: ctx.signal });
      return formatRun(result, BASH_TIMEOUT_MS);
    },
  });
}

export function worktreeKeepTool(worktrees: Worktrees): Tool {
  return defineTool({
    name: WORKTREE_TOOLS.keep,
    description: "Mark a worktree kept: left in place on purpose, for a person to look at (it stays until removed).",
    input: z.object({ name: WorktreeName }),
    permission: { mutating: true, subject: () => ({ writes: [INDEX_FILE] }) },
    async run({ name }) {
      const e = await worktrees.keep(name);
      return `Worktree ${e.name} is kept: ${e.path} stays for a person to look at.`;
    },
  });
}

export function worktreeRemoveTool(worktrees: Worktrees): Tool {
  return defineTool({
    name: WORKTREE_TOOLS.remove,
    description:
      "Remove a worktree and its branch once its work is merged. Refused while it has uncommitted changes or commits not merged into the workspace's branch, " +
      "unless force: true, which throws that work away and so is never granted: the user is asked (with no one to ask, it is refused). complete_task: true also marks its bound task completed.",
    input: z.object({
      name: WorktreeName,
      force: z.boolean().default(false).describe("Remove even with uncommitted or unmerged work, which is lost."),
      complete_task: z.boolean().default(false).describe("Mark the bound task completed."),
    }),
    permission: {
      mutating: true,
      // Unforced, it refuses by itself while anything would be lost, so the grant covers it;
      // forced, it loses work on purpose, and that is for the permission mode (a person) to say.
      subject: ({ name, force }) => ({
        writes: [worktreePath(name)],
        ...(force ? { unapprovable: `force discards ${name}'s uncommitted changes and unmerged commits, which cannot be got back` } : {}),
      }),
    },
    summary: ({ name, force }) => `${name}${force ? " (force)" : ""}`,
    // complete_task marks the bound task completed on the board: s04's reminder counts the call as planning.
    keepsPlan: true,
    async run({ name, force, complete_task }, ctx) {
      const { entry, completed } = await worktrees.remove({ name, force, completeTask: complete_task }, ctx.signal);
      const task = completed === undefined ? "" : ` Task #${completed} is completed.`;
      return `Removed worktree ${entry.name} and its branch ${entry.branch}${force ? " (forced: unmerged work was dropped)" : ""}.${task}`;
    },
  });
}

export function taskBindWorktreeTool(worktrees: Worktrees): Tool {
  return defineTool({
    name: WORKTREE_TOOLS.bind,
    description: "Bind a task to a worktree: whoever works the task (its owner, while in progress) works inside that worktree — file tools and bash run there.",
    input: z.object({ task_id: TaskId, name: WorktreeName }),
    permission: { mutating: true, subject: () => ({ writes: [INDEX_FILE] }) },
    summary: ({ task_id, name }) => `#${task_id} → ${name}`,
    async run({ task_id, name }) {
      const e = await worktrees.bind(task_id, name);
      return `Task #${task_id} is bound to worktree ${e.name}: whoever works it works in ${e.path} (branch ${e.branch}).`;
    },
  });
}
