/**
 * The one way the harness reads a file for itself — settings, CLAUDE.md, skills, agent and
 * command files, memories, tasks, cron jobs, the team's roster and inboxes, the worktree
 * index, scripts, the REPL's history — and why it is not `readFile`.
 *
 * A named pipe (FIFO) planted where a state file should be makes `open` wait for a writer
 * that never comes. The wait happens in one of libuv's few threads, and Node joins those
 * threads when it exits: Ctrl-C and SIGTERM then hang too, and only SIGKILL ends the
 * session. A device such as /dev/zero never ends, and a huge file fills memory. So:
 *
 *     open(O_RDONLY | O_NONBLOCK)   a FIFO opens at once instead of waiting
 *     fstat(handle)                 the handle's file, not the name's: a swap after a check cannot pass
 *     regular file? no → refuse     "x is a named pipe (FIFO), not a regular file"
 *     size ≤ limit?  no → refuse    "x is too large (… bytes; … at most 16777216 bytes)"
 *     read, at most limit + 1 bytes (a file growing as we read is caught too)
 *
 * A refusal is a RefusedFileError, never a hang: each loader reports it the way it reports a
 * corrupt file (named, skipped, the rest goes on). O_NONBLOCK changes nothing for a regular
 * file. The model's own file tools (s02) use the same check through `openRegularFile`.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";

const { O_NONBLOCK, O_RDONLY } = constants;
/** Not on every platform: 0 (no flag) where missing. O_NOCTTY: a terminal opened here never becomes ours. */
const O_NOCTTY = constants.O_NOCTTY ?? 0;
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * No file the harness reads for itself is near this: a task is a few hundred bytes, CLAUDE.md
 * reaches the prompt capped at 40,000 characters. Past it the file is refused, not read.
 */
export const MAX_HARNESS_FILE_BYTES = 16 * 1024 * 1024;

/** Bytes read at a time: a file is read in steps, so a limit stops a read that has gone too far. */
const CHUNK_BYTES = 64 * 1024;

export interface RegularFileOptions {
  /** How to name the file in errors (a workspace-relative path). Default: the path as given. */
  shown?: string;
  /** Refuse a symbolic link instead of following it (O_NOFOLLOW). */
  noFollow?: boolean;
  /** Refuse a file larger than this. Default MAX_HARNESS_FILE_BYTES. */
  maxBytes?: number;
}

/** A file that exists but is not read: not a regular file, or too large. Never an I/O error. */
export class RefusedFileError extends Error {
  override name = "RefusedFileError";
  constructor(
    /** The file, as `shown`. */
    readonly file: string,
    /** Why, without the file's name: "a named pipe (FIFO), not a regular file". */
    readonly reason: string,
    /** What it is instead of a regular file ("a directory"), when that is the reason. */
    readonly kind?: string,
  ) {
    super(`${file} is ${reason}`);
  }
}

/** What a path is, when it is not a regular file, in words a person can act on. */
export function kindOf(info: Stats): string {
  if (info.isDirectory()) return "a directory";
  if (info.isFIFO()) return "a named pipe (FIFO)";
  if (info.isSocket()) return "a socket";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  if (info.isSymbolicLink()) return "a symbolic link";
  return "something else";
}

/**
 * Why a file could not be read, for a loader that names the file itself
 * (`.tasks/3.json: skipped: <this>`): a refusal's reason, else the error's message.
 */
export function readFailure(err: unknown): string {
  if (err instanceof RefusedFileError) return err.reason;
  return err instanceof Error ? err.message : String(err);
}

const notRegular = (shown: string, kind: string) => new RefusedFileError(shown, `${kind}, not a regular file`, kind);

const tooLarge = (shown: string, size: number, limit: number) =>
  new RefusedFileError(shown, `too large (${size} bytes; files the harness reads for itself are at most ${limit} bytes)`);

/** The flags for `open`: never blocking, never a controlling terminal, links refused when asked. */
function openFlags(flags: number, options: RegularFileOptions): number {
  return flags | O_NONBLOCK | O_NOCTTY | (options.noFollow ? O_NOFOLLOW : 0);
}

/** O_NOFOLLOW on a link fails with ELOOP; ENXIO is a socket, or a FIFO opened to write with no reader. */
function openRefusal(err: unknown, shown: string): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ELOOP") return notRegular(shown, "a symbolic link");
  if (code === "ENXIO") return notRegular(shown, "a socket or a named pipe (FIFO)");
  if (code === "EISDIR") return notRegular(shown, "a directory");
  return err; // ENOENT and the rest: real I/O errors, for the caller to tell apart
}

function check(info: Stats, shown: string, limit: number): void {
  if (!info.isFile()) throw notRegular(shown, kindOf(info));
  if (info.size > limit) throw tooLarge(shown, info.size, limit);
}

/**
 * Open `file` without blocking and make sure it is a regular file (and no larger than
 * `maxBytes`, when given). `flags` default to read-only; a writer that reads first (a drain)
 * passes O_RDWR. Throws a RefusedFileError, or the open's own error (ENOENT for a missing
 * file). The caller reads what it needs and closes the handle.
 */
export async function openRegularFile(file: string, options: RegularFileOptions & { flags?: number; mode?: number } = {}): Promise<FileHandle> {
  const shown = options.shown ?? file;
  const handle = await open(file, openFlags(options.flags ?? O_RDONLY, options), options.mode).catch((err: unknown) => {
    throw openRefusal(err, shown);
  });
  try {
    check(await handle.stat(), shown, options.maxBytes ?? Infinity);
    return handle;
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/** All of an open regular file from its start, refused once it passes `limit` (it grew since the fstat). */
async function readAll(handle: FileHandle, shown: string, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, limit + 1 - total));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, total);
    if (bytesRead === 0) return Buffer.concat(chunks, total);
    chunks.push(chunk.subarray(0, bytesRead));
    total += bytesRead;
    if (total > limit) throw tooLarge(shown, total, limit);
  }
}

/** The bytes of a regular file the harness reads for itself; see the top of this file. */
export async function readRegularFile(file: string, options: RegularFileOptions = {}): Promise<Buffer> {
  const shown = options.shown ?? file;
  const limit = options.maxBytes ?? MAX_HARNESS_FILE_BYTES;
  const handle = await openRegularFile(file, { ...options, maxBytes: limit });
  try {
    return await readAll(handle, shown, limit);
  } finally {
    await handle.close();
  }
}

/** The same, as UTF-8 text (bytes that are not UTF-8 become U+FFFD, as with readFile). */
export async function readRegularText(file: string, options: RegularFileOptions = {}): Promise<string> {
  return (await readRegularFile(file, options)).toString("utf8");
}

/** openRegularFile, synchronously: a file descriptor the caller closes (an exiting process's last append). */
export function openRegularFileSync(file: string, options: RegularFileOptions & { flags?: number; mode?: number } = {}): number {
  const shown = options.shown ?? file;
  let fd: number;
  try {
    fd = openSync(file, openFlags(options.flags ?? O_RDONLY, options), options.mode);
  } catch (err) {
    throw openRefusal(err, shown);
  }
  try {
    check(fstatSync(fd), shown, options.maxBytes ?? Infinity);
    return fd;
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/**
 * The same, synchronously, for the few reads that happen before anything is asynchronous
 * (the env file). A blocked synchronous read would stop the whole process, signals included.
 */
export function readRegularFileSync(file: string, options: RegularFileOptions = {}): Buffer {
  const shown = options.shown ?? file;
  const limit = options.maxBytes ?? MAX_HARNESS_FILE_BYTES;
  let fd: number;
  try {
    fd = openSync(file, openFlags(O_RDONLY, options));
  } catch (err) {
    throw openRefusal(err, shown);
  }
  try {
    check(fstatSync(fd), shown, limit);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, limit + 1 - total));
      const bytesRead = readSync(fd, chunk, 0, chunk.length, total);
      if (bytesRead === 0) return Buffer.concat(chunks, total);
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > limit) throw tooLarge(shown, total, limit);
    }
  } finally {
    closeSync(fd);
  }
}
