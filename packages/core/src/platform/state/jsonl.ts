/**
 * JSON Lines files (one JSON value per line) used as mailboxes: many writers append, one
 * reader drains.
 *
 * Appending is cheap and never rewrites what others wrote, but "read everything, then
 * empty the file" is a read-modify-write: a message appended between the read and the
 * emptying would be lost, and two drainers could both read it. So append and drain both
 * hold the file's lock (`withLock`), and a drain is one step no append can fall into:
 *
 *     writer 1: lock ─ append line ─ unlock
 *     drainer :                       lock ─ read all lines ─ empty file ─ unlock
 *     writer 2:                                                              lock ─ append ─ unlock
 *
 * Each append writes one whole line (`JSON.stringify` never emits a raw newline). A bad
 * line never hides the good ones: it is reported with its line number and the others are
 * returned. A drain removes a bad line too, and hands its text back, so it can be logged
 * rather than block the mailbox forever.
 */
import { constants } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import type { z } from "zod";
import { scrubDeep } from "../secrets.ts";
import { parseJsonText, readTextIfExists } from "./json-file.ts";
import { withLock, type LockOptions } from "./lock.ts";
import { MAX_HARNESS_FILE_BYTES, openRegularFile } from "./regular-file.ts";

export interface JsonlRead<T> {
  /** Every line that parsed (and matched the schema), in file order. */
  values: T[];
  /** Lines that did not: line number (from 1), the line as written, and what is wrong with it. */
  corrupt: { line: number; text: string; error: string }[];
}

/** Split JSONL text into values and corrupt lines. Blank lines are skipped. */
export function parseJsonl<T = unknown>(text: string, file: string, schema?: z.ZodType<T>): JsonlRead<T> {
  const result: JsonlRead<T> = { values: [], corrupt: [] };
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    const parsed = parseJsonText(line, `${file} line ${index + 1}`, schema);
    if (parsed.ok) result.values.push(parsed.value);
    else result.corrupt.push({ line: index + 1, text: line, error: parsed.error });
  });
  return result;
}

/** Does the file end in the middle of a line? (A writer was killed before its newline.) */
async function endsMidLine(handle: FileHandle): Promise<boolean> {
  const { size } = await handle.stat();
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}

/** Append `value` as one line, under the file's lock, secrets scrubbed from its strings. Creates the file and its folders. */
export async function appendJsonl(file: string, value: unknown, options?: LockOptions): Promise<void> {
  const line = JSON.stringify(scrubDeep(value));
  if (line === undefined) throw new TypeError(`cannot append ${String(value)} to ${file}: not JSON`);
  await withLock(
    file,
    async () => {
      // Never blocking, a regular file only: a named pipe planted at an inbox is refused, not waited on.
      const handle = await openRegularFile(file, { flags: constants.O_RDWR | constants.O_APPEND | constants.O_CREAT, mode: 0o666 });
      try {
        // Close off a torn line first, so it stays one corrupt line and ours stays whole.
        const newlineFirst = (await endsMidLine(handle)) ? "\n" : "";
        await handle.appendFile(`${newlineFirst}${line}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    options,
  );
}

/**
 * Read every line without removing any. No lock: this is a look, not a take, so a line
 * being appended at this very moment may show up as corrupt (a drain, under the lock, never
 * sees one half-written). A missing file reads as empty; a named pipe, a folder or a file
 * too large to read is a RefusedFileError (core's safe reader), never a hang.
 */
export async function readJsonl(file: string): Promise<JsonlRead<unknown>>;
export async function readJsonl<T>(file: string, schema: z.ZodType<T>): Promise<JsonlRead<T>>;
export async function readJsonl<T>(file: string, schema?: z.ZodType<T>): Promise<JsonlRead<T>> {
  return parseJsonl(await readTextIfExists(file) ?? "", file, schema);
}

/**
 * Take every line and leave the file empty, as one step under the lock: each message is
 * returned by exactly one drain. If the drainer dies after the file is emptied, what it took
 * is gone, as with any mailbox without acknowledgements; if it dies before, nothing is lost.
 * The file is opened with core's safe reader: a named pipe, a folder or a file too large to
 * read is a RefusedFileError and is left as it is.
 */
export async function drainJsonl(file: string, schema?: undefined, options?: LockOptions): Promise<JsonlRead<unknown>>;
export async function drainJsonl<T>(file: string, schema: z.ZodType<T>, options?: LockOptions): Promise<JsonlRead<T>>;
export async function drainJsonl<T>(file: string, schema?: z.ZodType<T>, options?: LockOptions): Promise<JsonlRead<T>> {
  return withLock(
    file,
    async () => {
      const handle = await openRegularFile(file, { flags: constants.O_RDWR, maxBytes: MAX_HARNESS_FILE_BYTES }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === "ENOENT") return undefined; // no mailbox yet: nothing to take
        throw err;
      });
      if (!handle) return { values: [], corrupt: [] };
      try {
        const text = await handle.readFile("utf8"); // a regular file within the limit: checked on the handle
        if (text !== "") {
          await handle.truncate(0);
          await handle.sync();
        }
        return parseJsonl(text, file, schema);
      } finally {
        await handle.close();
      }
    },
    options,
  );
}
