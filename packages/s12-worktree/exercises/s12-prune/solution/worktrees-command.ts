/**
 * `/worktrees`: the index at a glance — every worktree, its status, its branch and task.
 * `/worktrees prune` (exercise s12-prune): after a crash, remove the active worktrees that no task
 * is in progress on and that lose nothing when removed; say why each other one stays.
 */
import { ToolError, type SlashCommand } from "@learn/core";
import { repositoryOf } from "../../../src/git/repository.ts";
import { describeEntries, INDEX_FILE, type Worktrees } from "../../../src/worktrees/index.ts";

export function worktreesCommand(worktrees: Worktrees): SlashCommand {
  return {
    name: "worktrees",
    description: "show this workspace's worktrees (status, branch, bound task); `prune` removes those a crash left with nothing to lose",
    async run(args) {
      const refusal = await repositoryOf(worktrees.workspace).then(() => undefined, (err: Error) => (err instanceof ToolError ? err.message : undefined));
      if (refusal) return refusal;
      const verb = args.trim();
      if (verb === "prune") return prune(worktrees);
      if (verb !== "") return `/worktrees takes nothing, or "prune" (not "${verb}").`;
      const { entries, problem } = await worktrees.list();
      if (problem) return problem;
      if (entries.length === 0) return `No worktrees yet (${INDEX_FILE} lists them once one is made).`;
      return describeEntries(entries);
    },
  };
}

/**
 * Each active worktree (a kept one stays: it was left on purpose): one a task is in progress on
 * stays; any other is removed the unforced way, so remove's own check refuses when uncommitted
 * changes or unmerged commits would be lost — and its refusal is the reason it stays.
 */
async function prune(worktrees: Worktrees): Promise<string> {
  const { entries, problem } = await worktrees.list();
  if (problem) return problem;
  await worktrees.board.reload();
  const lines: string[] = [];
  for (const entry of entries.filter((e) => e.status === "active")) {
    const task = entry.task_id === null ? undefined : worktrees.board.get(entry.task_id);
    if (task?.status === "in_progress") {
      lines.push(`kept ${entry.name}: task #${task.id} is in progress there`);
      continue;
    }
    try {
      await worktrees.remove({ name: entry.name });
      lines.push(`removed ${entry.name} and its branch ${entry.branch}`);
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      lines.push(`kept ${entry.name}: ${err.message}`);
    }
  }
  return lines.length > 0 ? lines.join("\n") : "Nothing to prune: no active worktree.";
}
