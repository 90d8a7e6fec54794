/**
 * Opening a file the model named: resolved inside the workspace, and refused with a message
 * the model can act on when it is missing, a folder, or not text. read_file and edit_file
 * both start here, so they refuse the same things in the same words.
 */
import type { Stats } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { displayPath, resolveInWorkspace, ToolError } from "@learn/core";

/** A NUL byte in the first 8 KB marks a binary file (git sniffs the same way). */
export const BINARY_SNIFF_BYTES = 8192;

export function looksBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/** `stat`, or undefined when nothing is there (any other failure is a real error). */
export async function statIfExists(absolute: string): Promise<Stats | undefined> {
  try {
    return await stat(absolute);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw err;
  }
}

export interface TextFile {
  absolute: string;
  /** The path as the model sees it: relative to the workspace. */
  shown: string;
  text: string;
}

export async function readTextFile(cwd: string, userPath: string): Promise<TextFile> {
  const absolute = await resolveInWorkspace(cwd, userPath);
  const shown = displayPath(cwd, absolute);
  const info = await statIfExists(absolute);
  if (!info) throw new ToolError(`File not found: ${shown}`);
  if (info.isDirectory()) throw new ToolError(`${shown} is a directory, not a file (glob lists what is in it)`);
  const bytes = await readFile(absolute);
  if (looksBinary(bytes)) throw new ToolError(`${shown} looks like a binary file (it contains a NUL byte); only text files can be read`);
  return { absolute, shown, text: bytes.toString("utf8") };
}

/** The lines of a text; a final newline ends the last line rather than starting an empty one. */
export function linesOf(text: string): string[] {
  if (text === "") return [];
  return (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
}
