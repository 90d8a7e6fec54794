/** `/worktrees`: the index at a glance — every worktree, its status, its branch and task. */
import { ToolError, type SlashCommand } from "@learn/core";
import { repositoryOf } from "./git/repository.ts";
import { describeEntries } from "./describe.ts";
import { INDEX_FILE } from "./index-file.ts";
import type { Worktrees } from "./manager.ts";

export function worktreesCommand(worktrees: Worktrees): SlashCommand {
  return {
    name: "worktrees",
    description: "show this workspace's worktrees (status, branch, bound task)",
    async run() {
      const refusal = await repositoryOf(worktrees.workspace).then(() => undefined, (err: Error) => (err instanceof ToolError ? err.message : undefined));
      if (refusal) return refusal;
      const { entries, problem } = await worktrees.list();
      if (problem) return problem;
      if (entries.length === 0) return `No worktrees yet (${INDEX_FILE} lists them once one is made).`;
      return describeEntries(entries);
    },
  };
}
