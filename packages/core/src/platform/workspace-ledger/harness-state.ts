/**
 * The harness's own bookkeeping in a workspace: what the lessons write for themselves (tasks,
 * inboxes, job logs, saved outputs, memories…), not the project's files. `pnpm reset` deletes
 * these whole, so the ledger need not watch inside them — and skipping them keeps the walk
 * before and after each tool call short however much state a session piles up.
 *
 * scripts/reset-workspace.mjs holds the same list (a plain Node script cannot import this
 * file); a core test checks the two agree. A lesson that adds a state folder adds it to both.
 */

/** Workspace-relative paths, folders ending in "/". */
export const HARNESS_STATE = [
  ".tasks/", // s08: the task board
  ".runtime-tasks/", // s09: background jobs' logs
  ".memory/", // s06: memories the agent saved
  ".team/", // s10, s11: roster and inboxes
  ".transcripts/", // s07: conversations saved before a compaction
  ".sessions/", // s15: session transcripts, when --sessions-dir puts them in the workspace (its offline runs do)
  ".task_outputs/", // s07: large tool results and messages moved out of the conversation
  ".worktrees/", // s12: worktrees and their index
  ".workflows/", // s17: each workflow run's script, record and journal
  ".claude/tool-log.jsonl", // the practice workspace's hook: every tool call
  ".claude/scheduled_tasks.json", // s09: durable cron jobs
] as const;

/** Never walked: git's own data, and installed packages (any number of files, reinstallable). */
export const NOT_WALKED = [".git", "node_modules"] as const;

/** True for a state path itself or anything inside a state folder ("a/b" with "/" separators). */
export function isHarnessState(rel: string): boolean {
  return HARNESS_STATE.some((state) => (state.endsWith("/") ? rel === state.slice(0, -1) || rel.startsWith(state) : rel === state));
}
