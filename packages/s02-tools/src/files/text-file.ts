/**
 * Opening a file the model named: resolved inside the workspace, and refused with a message
 * the model can act on when it is missing, a folder, not a regular file, or not text.
 * read_file and edit_file both start here, so they refuse the same things in the same words.
 */
import type { Stats } from "node:fs";
import { stat } from "node:fs/promises";
import { ToolError } from "@learn/core";
import { displayPath, resolveInWorkspace } from "@learn/core/harness";
import { readRegularFile } from "./regular-file.ts";

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
  /** The file as it is on disk. */
  bytes: Buffer;
  /** The bytes decoded as UTF-8; a byte that is not UTF-8 becomes U+FFFD. */
  text: string;
}

/** `signal` is the turn's: a Ctrl-C stops the read of a big file. */
export async function readTextFile(cwd: string, userPath: string, signal: AbortSignal): Promise<TextFile> {
  const absolute = await resolveInWorkspace(cwd, userPath);
  const shown = displayPath(cwd, absolute);
  const bytes = await readRegularFile(absolute, shown, signal);
  if (looksBinary(bytes)) throw new ToolError(`${shown} looks like a binary file (it contains a NUL byte); only text files can be read`);
  return { absolute, shown, bytes, text: bytes.toString("utf8") };
}

/** The lines of a text; a final newline ends the last line rather than starting an empty one. */
export function linesOf(text: string): string[] {
  if (text === "") return [];
  return (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
}
