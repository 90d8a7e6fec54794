/**
 * A job's log: where its output goes while nobody waits for it.
 *
 * Claiming a log names the job. The id is the next number not taken by a `job-N.log` in
 * `.runtime-tasks/`, and the file is created with `wx` (exclusive create): the filesystem
 * lets exactly one creator make a given file, so when two sessions on one workspace race for
 * job-3, one gets it and the other gets EEXIST and tries job-4. Creating the file *is* taking
 * the id — there is no "read the highest, then write" gap for a lock to close. Only numbers a
 * JavaScript number holds exactly count (up to Number.MAX_SAFE_INTEGER): past it n + 1 is n
 * again, and a planted `job-9007199254740992.log` would have the loop try that name forever.
 *
 * Output arrives in chunks from the process's pipes, faster than a disk may take it, and the
 * process's callbacks must never throw. So `LogWriter.write` only queues; one loop appends
 * the queue in order; a failed write is reported once, through a callback. A job that prints
 * without end (a chatty server) must not fill the disk: past a cap, one line says the log was
 * cut, and the rest is dropped while the job runs on.
 *
 * The appends go through core's appendTextFile, which scrubs known secrets: a job that prints
 * the API key (`cat /proc/$PPID/environ`) leaves [REDACTED] in its log. The output arrives
 * scrubbed already, as a stream (core's process-output.ts), so a key split between two chunks
 * is caught too.
 */
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { appendTextFile, appendTextFileSync, openRegularFile } from "@learn/core/harness";
import { MAX_LOG_BYTES, RUNTIME_DIR } from "./job.ts";

export interface ClaimedLog {
  /** "job-3" */
  id: string;
  /** The log's absolute path. */
  file: string;
  /** ".runtime-tasks/job-3.log": relative to the workspace, as the model sees it. */
  logPath: string;
}

const LOG_NAME = /^job-(\d+)\.log$/;

/** Take the next free job id in `workspace` by creating its (empty) log file. */
export async function claimLog(workspace: string): Promise<ClaimedLog> {
  const dir = path.join(workspace, RUNTIME_DIR);
  await mkdir(dir, { recursive: true });
  for (let n = highestJobNumber(await readdir(dir)) + 1; ; n++) {
    if (n > Number.MAX_SAFE_INTEGER) throw new Error(`${RUNTIME_DIR}/ has used up every job number: move its job-N.log files away`);
    const id = `job-${n}`;
    const file = path.join(dir, `${id}.log`);
    try {
      await writeFile(file, "", { flag: "wx" });
      return { id, file, logPath: `${RUNTIME_DIR}/${id}.log` };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      // Someone else took this number a moment ago: the next one, then.
    }
  }
}

function highestJobNumber(names: readonly string[]): number {
  const numbers = names.map((name) => Number(LOG_NAME.exec(name)?.[1] ?? 0));
  return Math.max(0, ...numbers.filter((n) => Number.isSafeInteger(n)));
}

export interface LogWriterOptions {
  /** Keep at most this many bytes of output (default MAX_LOG_BYTES). */
  maxBytes?: number;
  /** Told of the first write that fails (a full disk, a deleted folder); later ones are not reported again. */
  onError?: (err: Error) => void;
}

/** Appends a job's output to its log, in order, up to a cap. `write` never throws. */
export class LogWriter {
  private readonly maxBytes: number;
  private written = 0;
  private cut = false;
  private queue = "";
  private flushing: Promise<void> | undefined;
  private failed = false;
  private atLineStart = true;

  constructor(
    readonly file: string,
    private readonly options: LogWriterOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? MAX_LOG_BYTES;
  }

  /** Add a piece of output. Past the cap, the part that fits, one line saying so, and nothing more. */
  write(text: string): void {
    if (this.cut || text === "") return;
    const room = this.maxBytes - this.written;
    const bytes = Buffer.byteLength(text);
    if (bytes <= room) {
      this.written += bytes;
      this.enqueue(text);
      return;
    }
    this.cut = true;
    this.enqueue(headOf(text, room));
    this.enqueue(this.asLine(`[log cut at ${sizeText(this.maxBytes)}; the job runs on]`));
  }

  /** Write the last lines (past the cap too: they say how the job ended) and wait until all is on disk. */
  async end(lines: string): Promise<void> {
    this.enqueue(this.asLine(lines));
    await this.flushing;
  }

  /** The same, synchronously, for a process that is exiting: what is still queued, then `lines`. */
  endSync(lines: string): void {
    // A chunk already handed to an asynchronous write may land after this, or not at all.
    const text = this.queue + this.asLine(lines);
    this.queue = "";
    try {
      appendTextFileSync(this.file, text);
    } catch (err) {
      this.report(err);
    }
  }

  /** `text` on a line of its own, even when the output so far ended mid-line. */
  private asLine(text: string): string {
    return `${this.atLineStart ? "" : "\n"}${text}\n`;
  }

  private enqueue(text: string): void {
    if (text === "") return;
    this.queue += text;
    this.atLineStart = text.endsWith("\n");
    this.flushing ??= this.flush();
  }

  /** Append the queue until it is empty. The emptiness check and the reset are one synchronous step, so nothing queued is ever stranded. */
  private async flush(): Promise<void> {
    while (this.queue !== "") {
      const text = this.queue;
      this.queue = "";
      try {
        await appendTextFile(this.file, text);
      } catch (err) {
        this.report(err);
      }
    }
    this.flushing = undefined;
  }

  private report(err: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.options.onError?.(err instanceof Error ? err : new Error(String(err)));
  }
}

/** The first `maxBytes` bytes of `text`, never splitting a character. */
function headOf(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text);
  let end = Math.max(0, maxBytes);
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--; // a continuation byte: step back to the character's start
  return bytes.subarray(0, end).toString("utf8");
}

const MB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`);

/**
 * The last `maxChars` characters of a file, reading only its end from disk (a log may be
 * 10 MB; the model wants the last lines). A character takes at most 3 bytes per UTF-16 unit,
 * so 3 × maxChars bytes from the end always hold enough of them. Opened with core's
 * openRegularFile: a named pipe put in the log's place is refused, not waited on.
 */
export async function tailOf(file: string, maxChars: number): Promise<string> {
  const handle = await openRegularFile(file);
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, 3 * maxChars);
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, size - length);
    let text = buffer.subarray(0, bytesRead).toString("utf8");
    if (size > length) text = text.replace(/^\uFFFD+/, ""); // the read began inside a character
    return text.slice(-maxChars);
  } finally {
    await handle.close();
  }
}
