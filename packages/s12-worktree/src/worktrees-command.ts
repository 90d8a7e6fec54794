/** `/worktrees`: the index at a glance — every worktree, its status, its branch and task. */
import type { SlashCommand } from "@learn/core";
import { describeEntry, INDEX_FILE, type Worktrees } from "./worktrees/index.ts";

export function worktreesCommand(worktrees: Worktrees): SlashCommand {
  return {
    name: "worktrees",
    description: "show this workspace's worktrees (status, branch, bound task)",
    async run() {
      const { entries, problem } = await worktrees.list();
      if (problem) return problem;
      if (entries.length === 0) return `No worktrees yet (${INDEX_FILE} lists them once one is made).`;
      return entries.map(describeEntry).join("\n");
    },
  };
}
