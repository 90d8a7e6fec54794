/**
 * After a summary, the files the agent worked on last are read again and attached, as Claude
 * Code does: a summary says "edited src/cart.js", but the next step usually needs the file
 * itself, and reading it again would cost a round. Claude Code re-attaches up to five recently
 * read or written files, fresh from disk; so does this lesson, with a budget sized to its
 * smaller threshold (Claude Code's is 50,000 tokens on a 200,000-token window; this one is an
 * eighth of the threshold: about 5,000 tokens at the default).
 *
 * Fail closed: only a path the agent already opened with success (a read_file, edit_file or
 * write_file call whose result was not an error: the permission policy let it through) is
 * read again, through read_file itself — the same workspace check, the same refusals
 * (binary, not a regular file), secrets scrubbed. A file that is gone or refused now is left out.
 */
import { blocksOf, capText, type AgentContext, type MessageParam } from "@learn/core";
import { readFileTool } from "@learn/s02";

/** At most this many files, newest first. */
export const REATTACH_MAX_FILES = 5;
/** Characters per file: about 2,000 tokens. */
export const REATTACH_FILE_CHARS = 8_000;
/**
 * All of them together: an eighth of the threshold (5,000 tokens at the default 40,000). A
 * budget that did not shrink with the threshold would refill a small one at once (the demo's 5,000).
 */
export const reattachBudgetChars = (thresholdTokens: number) => Math.floor((thresholdTokens / 8) * 4);

const FILE_TOOLS = new Set(["read_file", "edit_file", "write_file"]);

/** The paths of the file calls that succeeded, the most recent first, each once. */
export function recentFiles(messages: readonly MessageParam[], max = REATTACH_MAX_FILES): string[] {
  const failed = new Set<string>();
  const paths: string[] = [];
  for (const message of [...messages].reverse()) {
    for (const block of [...blocksOf(message)].reverse()) {
      if (block.type === "tool_result" && block.is_error) failed.add(block.tool_use_id);
      if (block.type !== "tool_use" || !FILE_TOOLS.has(block.name) || failed.has(block.id)) continue;
      const file = (block.input as { path?: unknown }).path;
      if (typeof file === "string" && !paths.includes(file)) paths.push(file);
    }
  }
  return paths.slice(0, max);
}

/** Each file as it is now, as a note for the compacted history; within the budget, unreadable ones left out. */
export async function reattachedFiles(paths: readonly string[], ctx: AgentContext, budgetChars: number): Promise<string[]> {
  const notes: string[] = [];
  let left = budgetChars;
  for (const file of paths) {
    if (left < 500) break; // too little left for a useful window of a file
    const read = await readFileTool.execute({ path: file }, ctx);
    if (read.isError) continue;
    const text = capText(read.content, Math.min(REATTACH_FILE_CHARS, left));
    left -= text.length;
    notes.push(`<recent-file path=${JSON.stringify(file)}>\nRe-read after the compaction (you worked on it recently), as it is on disk now:\n${text}\n</recent-file>`);
  }
  return notes;
}
