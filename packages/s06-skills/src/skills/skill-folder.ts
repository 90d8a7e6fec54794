/**
 * What a skill's folder holds besides SKILL.md — reference docs, scripts, templates — and how
 * one of those files is read. The folder may be a symbolic link (a user's skill kept somewhere
 * else is still theirs), but inside it nothing is followed: a symlinked file or subfolder is
 * not listed, and a file is read only if it is a plain file of the folder, so a skill cannot
 * hand the model `/etc/passwd` or `../../.env` by naming it.
 *
 * Both the listing and the reading are bounded: a skill folder that holds a project's
 * node_modules, or a reference file of a gigabyte, must not flood the model's context.
 */
import type { Dirent } from "node:fs";
import { readdir, realpath } from "node:fs/promises";
import path from "node:path";
import { capText, MAX_OUTPUT_CHARS } from "@learn/core";
import { openRegularFile, RefusedFileError } from "@learn/core/harness";
import { SKILL_FILE } from "@learn/claude-code-files";

/** The listing stops here and says that it did. */
export const MAX_LISTED_FILES = 50;
/** Folders that are never a skill's own material. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(["node_modules", ".git"]);
/** Read no more of a file than this: four bytes a character at worst, so the cap still has enough. */
export const MAX_READ_BYTES = 4 * MAX_OUTPUT_CHARS;

export interface FolderListing {
  /** Paths relative to the folder, with `/`, sorted; SKILL.md itself is not among them. */
  files: string[];
  /** True when the folder holds more than MAX_LISTED_FILES files (the rest are not listed). */
  more: boolean;
}

/**
 * The folder's files, nearest first (breadth-first), so that when the cap cuts the list it
 * keeps the top-level files a skill's instructions are most likely to name.
 */
export async function listSkillFiles(dir: string): Promise<FolderListing> {
  const files: string[] = [];
  const queue: string[] = [""];
  while (queue.length > 0) {
    const rel = queue.shift()!;
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(dir, rel), { withFileTypes: true });
    } catch {
      continue; // a subfolder we may not read is simply not listed
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const relPath = rel === "" ? entry.name : `${rel}/${entry.name}`;
      // Dirent describes the entry itself: a symlink is never a file or folder here.
      if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) queue.push(relPath);
      if (!entry.isFile() || relPath === SKILL_FILE) continue;
      if (files.length === MAX_LISTED_FILES) return { files: files.sort(), more: true };
      files.push(relPath);
    }
  }
  return { files: files.sort(), more: false };
}

/**
 * The text of `rel`, a plain file inside `dir`: not a symlink (O_NOFOLLOW), not outside the
 * folder once every link is resolved, a regular file (core's openRegularFile: a named pipe
 * is refused at once, never waited on), not binary; at most MAX_READ_BYTES read and the text
 * capped for the model, with a note when it was cut. Throws an Error that says why not.
 */
export async function readSkillText(dir: string, rel: string): Promise<string> {
  const file = path.join(dir, rel);
  const [realDir, realFile] = await Promise.all([realpath(dir), realpath(file)]);
  if (!realFile.startsWith(realDir + path.sep)) throw new Error(`${rel} is not inside the skill's folder`);
  const handle = await openRegularFile(file, { shown: rel, noFollow: true }).catch((err: unknown) => {
    if (err instanceof RefusedFileError && err.kind === "a symbolic link") {
      throw new Error(`${rel} is a symbolic link; a skill is read only from its folder's own files`);
    }
    throw err;
  });
  try {
    const stats = await handle.stat();
    const buffer = Buffer.alloc(Math.min(stats.size, MAX_READ_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const bytes = buffer.subarray(0, bytesRead);
    if (bytes.includes(0)) throw new Error(`${rel} is a binary file, not text`);
    const text = bytes.toString("utf8");
    if (stats.size <= bytesRead) return capText(text);
    const note = `\n... (file truncated: only the first ${bytesRead} of its ${stats.size} bytes were read)`;
    return capText(text, MAX_OUTPUT_CHARS - note.length) + note;
  } finally {
    await handle.close();
  }
}
