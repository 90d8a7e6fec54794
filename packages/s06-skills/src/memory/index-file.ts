/**
 * MEMORY.md: the index of every memory, one line each, which is what the model is shown at
 * the start of a session. The memories' contents are not: the model reads a file when its
 * line says it matters, so a hundred memories cost a hundred lines, not a hundred files.
 *
 *   - [Test command](test-command.md) (project) — How to run the tests
 *
 * The index is generated from the memory files on every save, never edited in place: two
 * writers cannot leave it disagreeing with the files, and a stale one heals on the next
 * save. It is capped at MEMORY_INDEX_MAX_LINES; past that the least recently saved
 * memories are left out (their files stay), and a last line says how many.
 */
import type { Memory } from "./memory-file.ts";

/** The index's file name, inside .memory/. */
export const MEMORY_INDEX = "MEMORY.md";

/** The index never grows past this many lines, the note about left-out memories included. */
export const MEMORY_INDEX_MAX_LINES = 200;

/** A memory and when its file last changed (ms since the epoch), for choosing what to leave out. */
export interface IndexEntry {
  memory: Memory;
  modified: number;
}

/** A Markdown link's text: brackets and backslashes escaped so the link stays one link. */
const linkText = (name: string) => name.replace(/[\\[\]]/g, "\\$&");

/** A link target: a hand-written file name with spaces or brackets goes in <...>. */
const linkTarget = (file: string) => (/[\s()<>]/.test(file) ? `<${file}>` : file);

/** One memory's index line. */
export function indexLine({ name, description, type, file }: Memory): string {
  return `- [${linkText(name)}](${linkTarget(file)}) (${type}) — ${description}`;
}

/** The index text for these memories ("" for none), in name order, capped by recency. */
export function renderMemoryIndex(entries: readonly IndexEntry[], maxLines = MEMORY_INDEX_MAX_LINES): string {
  if (entries.length === 0) return "";
  let kept = [...entries];
  let note: string[] = [];
  if (kept.length > maxLines) {
    kept = kept.sort((a, b) => b.modified - a.modified || byName(a, b)).slice(0, maxLines - 1);
    const left = entries.length - kept.length;
    note = [`(${left} older ${left === 1 ? "memory is" : "memories are"} left out of this index; their files are still in this folder.)`];
  }
  return [...kept.sort(byName).map((e) => indexLine(e.memory)), ...note].join("\n") + "\n";
}

const byName = (a: IndexEntry, b: IndexEntry) => compareNames(a.memory.name, b.memory.name);

/** Name order, ignoring case first, that does not depend on the machine's locale. */
export function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}
