/**
 * Reading .memory/ back: every `*.md` file but the index, each parsed on its own. A file
 * that cannot be used — broken frontmatter, not UTF-8, unreadable, a second memory with a
 * name already taken — is reported (file and reason) and skipped; it never hides the others
 * and never stops the session. Files a person wrote by hand in the same format load like
 * any other. A writer's leftover temp file (a dot file, see core's writeFileAtomic) and the
 * lock folder are not memories and are passed over in silence.
 */
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { readFailure, readRegularFile } from "@learn/core/harness";
import { MEMORY_INDEX, compareNames, type IndexEntry } from "./index-file.ts";
import { parseMemoryFile } from "./memory-file.ts";

/** What is in the folder now. */
export interface MemoryFolder {
  /** The memories that loaded, in name order. */
  entries: IndexEntry[];
  /** One line per file skipped: `.memory/x.md: skipped: <why>`. */
  problems: string[];
}

/** A decoder that refuses bytes that are not UTF-8, instead of turning them into U+FFFD. */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Read every memory in `folder` (absolute); `shown` is how messages name it (".memory"). */
export async function readMemoryFolder(folder: string, shown: string): Promise<MemoryFolder> {
  const result: MemoryFolder = { entries: [], problems: [] };
  let dirents: Dirent[];
  try {
    dirents = await readdir(folder, { withFileTypes: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return result; // nothing saved yet
    result.problems.push(
      code === "ENOTDIR"
        ? `${shown}: is a file, not a folder: no memories can be loaded or saved until it is moved away`
        : `${shown}: cannot be read (${(err as Error).message}): no memories loaded`,
    );
    return result;
  }
  const names = dirents.filter((d) => d.name.endsWith(".md") && d.name !== MEMORY_INDEX && !d.name.startsWith("."));
  const byName = new Map<string, string>();
  for (const dirent of names.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const where = `${shown}/${dirent.name}`;
    try {
      const entry = await readMemory(folder, dirent);
      const taken = byName.get(entry.memory.name);
      if (taken) throw new Error(`the name "${entry.memory.name}" is already used by ${shown}/${taken}`);
      byName.set(entry.memory.name, dirent.name);
      result.entries.push(entry);
    } catch (err) {
      result.problems.push(`${where}: skipped: ${(err as Error).message}`);
    }
  }
  result.entries.sort((a, b) => compareNames(a.memory.name, b.memory.name));
  return result;
}

/** One memory file, or an Error saying why it is not one. */
async function readMemory(folder: string, dirent: Dirent): Promise<IndexEntry> {
  // Only regular files: a symlink could lead anywhere, and reading a named pipe would hang.
  // The listing says so; core's reader checks again on the open file (it may have been swapped).
  if (!dirent.isFile()) throw new Error("not a regular file (a folder, a symlink or a device)");
  const file = path.join(folder, dirent.name);
  let text: string;
  try {
    text = strictUtf8.decode(await readRegularFile(file, { noFollow: true }));
  } catch (err) {
    if (err instanceof TypeError) throw new Error("it is not UTF-8 text");
    throw new Error(`cannot be read (${readFailure(err)})`);
  }
  const { name, description, type } = parseMemoryFile(text);
  const { mtimeMs } = await stat(file);
  return { memory: { name, description, type, file: dirent.name }, modified: mtimeMs };
}
