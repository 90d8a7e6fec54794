/**
 * One JSON state file that several agents change at once: read with a verdict, changed under
 * its lock. s09's scheduled jobs, s10's roster and s12's worktree index are each such a file
 * (s08 reads its task files with `readJsonState`), and each needs the same three promises:
 *
 * - A change is a read-modify-write under the file's lock (lock.ts), and it reads the file
 *   again *inside* the lock: what was read before, without it, may be stale by now.
 *
 *       agent A:  lock ─ read ─ edit ─ write ─ unlock
 *       agent B:        waits ··················· lock ─ read (A's change is there) ─ edit ─ write ─ unlock
 *
 *   Without the lock both would read the same file and B's write would undo A's.
 * - The write is atomic (atomic-file.ts): a reader sees the old file or the new one.
 * - A broken file — not JSON, the wrong shape, not a regular file, unreadable — is never
 *   overwritten: it may hold what a person is about to fix. A read says what is wrong; a
 *   change refuses, changing nothing. A missing file is not broken: nothing is saved yet.
 *
 * A read without the lock is for looking: it takes no lock (so it creates no lock folder and
 * never waits), and what it sees may change before a change could be made from it.
 */
import type { z } from "zod";
import { ToolError } from "../tool-error.ts";
import { readJsonFile, writeJsonFile } from "./json-file.ts";
import { withLock } from "./lock.ts";

/** A state file as read: its data, or why it cannot be used (the caller names the file). */
export type JsonState<T> = { ok: true; data: T } | { ok: false; why: string };

/** What an edit returns: its result, and the file's new content (leave `data` out to write nothing). */
export interface JsonEdit<T, R> {
  result: R;
  data?: T;
}

/**
 * `file` checked against `schema`; undefined when it does not exist. Never throws for a broken
 * or unreadable file: `why` says what is wrong, without the file's path, which the caller
 * names the way its user knows it (".team/config.json").
 */
export async function readJsonState<T>(file: string, schema: z.ZodType<T>): Promise<JsonState<T> | undefined> {
  const read = await readJsonFile(file, schema).catch((err: Error) => ({ status: "corrupt" as const, error: `cannot be read: ${err.message}` }));
  if (read.status === "missing") return undefined;
  if (read.status === "ok") return { ok: true, data: read.value };
  // readJsonFile names the file by its absolute path: cut it, the caller's name says it already.
  return { ok: false, why: read.error.startsWith(`${file}: `) ? read.error.slice(file.length + 2) : read.error };
}

export interface LockedJsonFileOptions<T> {
  /** How messages name the file: the name its user knows (".claude/scheduled_tasks.json"). */
  shown: string;
  /** What the file must hold; a file that breaks it is broken. */
  schema: z.ZodType<T>;
  /** What a missing file holds: nothing saved yet. */
  empty: () => T;
}

export class LockedJsonFile<T> {
  /** The file (absolute). */
  readonly file: string;
  private readonly options: LockedJsonFileOptions<T>;

  constructor(file: string, options: LockedJsonFileOptions<T>) {
    this.file = file;
    this.options = options;
  }

  /** The file as it is now, without the lock: a missing one is `empty()`. */
  async read(): Promise<JsonState<T>> {
    return (await readJsonState(this.file, this.options.schema)) ?? { ok: true, data: this.options.empty() };
  }

  /**
   * Read, edit and write under the lock; `edit` may await (s12 runs git inside it). A broken
   * file is refused with a ToolError saying nothing was changed (the model reads what to do),
   * or handed to `whenBroken` for a caller that has another answer (a tick that finds it
   * broken fires nothing).
   */
  update<R>(edit: (data: T) => JsonEdit<T, R> | Promise<JsonEdit<T, R>>, whenBroken?: (why: string) => R): Promise<R> {
    return withLock(this.file, async () => {
      const now = await this.read();
      if (!now.ok) {
        if (whenBroken) return whenBroken(now.why);
        throw new ToolError(`${this.options.shown} is broken (${now.why}), so nothing was changed. Fix the file or delete it, then try again.`);
      }
      const { result, data } = await edit(now.data);
      if (data !== undefined) await writeJsonFile(this.file, data);
      return result;
    });
  }
}
