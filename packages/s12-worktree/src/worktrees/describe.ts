/**
 * How a worktree reads to the model and at `/worktrees`: one line from the index, and for a
 * look at one worktree what git says of it — uncommitted changes, commits not yet merged back.
 */
import { access } from "node:fs/promises";
import { git, gitSays } from "./git/run-git.ts";
import type { WorktreeEntry } from "./index-file.ts";
import { uncommitted, type Worktrees } from "./manager.ts";

/** `discount  active   .worktrees/discount  wt/discount  task #1`, names padded to `width`. */
export function describeEntry(e: WorktreeEntry, width = e.name.length): string {
  const task = e.task_id === null ? "no task" : `task #${e.task_id}`;
  const when = e.removed_at ? ` at ${e.removed_at.slice(0, 16).replace("T", " ")}` : "";
  const gone = e.status === "removed" ? `  (removed${when}${e.note ? `: ${e.note}` : ""})` : "";
  return `${e.name.padEnd(width)}  ${e.status.padEnd(7)}  ${e.path}  ${e.branch}  ${task}${gone}`;
}

/** Every entry, one aligned line each. */
export function describeEntries(entries: readonly WorktreeEntry[]): string {
  const width = Math.max(...entries.map((e) => e.name.length));
  return entries.map((e) => describeEntry(e, width)).join("\n");
}

/** One worktree in full: the index's line, then git's view of its work. */
export async function describeStatus(worktrees: Worktrees, name: string, signal?: AbortSignal): Promise<string> {
  const entry = await worktrees.get(name);
  const lines = [describeEntry(entry)];
  if (entry.status === "removed") return lines.join("\n");
  if (!(await access(worktrees.folderOf(entry)).then(() => true, () => false))) return `${lines[0]}\n  its folder is missing`;
  const folder = await worktrees.checkedFolderOf(entry);
  const changes = await uncommitted(folder, signal);
  lines.push(changes.length ? `  uncommitted: ${changes.length} (${changes.slice(0, 10).map((c) => c.trim()).join(", ")}${changes.length > 10 ? ", …" : ""})` : "  uncommitted: none");
  const ahead = (await git(worktrees.workspace, ["rev-list", "--count", `HEAD..${entry.branch}`], signal)).trim();
  const merged = await gitSays(worktrees.workspace, ["merge-base", "--is-ancestor", entry.branch, "HEAD"], signal);
  lines.push(merged ? `  merged: yes (${entry.branch} has nothing the workspace's branch lacks)` : `  not merged: ${ahead} commit(s) on ${entry.branch} the workspace's branch lacks`);
  return lines.join("\n");
}
