/**
 * Run a shell command asynchronously — never with a synchronous exec: the REPL's Ctrl-C, a spinner
 * and (later) teammates running side by side must all keep going while a command runs.
 *
 * The command gets its own process group (`detached`), so a timeout or a cancel can kill
 * the whole tree — a `bash -c` that started `npm test` that started node — not just bash.
 */
import { spawn } from "node:child_process";
import { MAX_OUTPUT_CHARS } from "./cap.ts";

export interface RunOptions {
  cwd: string;
  timeoutMs: number;
  /** Keep at most this many characters of output; the rest is counted, not stored. */
  maxChars?: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** Written to the command's stdin, which is then closed (s03's command hooks read JSON there). */
  input?: string;
}

export interface RunResult {
  /** stdout and stderr merged in the order they arrived. */
  output: string;
  /** The same output kept apart, for callers that read them separately (a hook's JSON answer). */
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
  /** Cancelled through the signal (Ctrl-C). */
  aborted: boolean;
  /** Characters of the merged output dropped beyond maxChars. */
  droppedChars: number;
  durationMs: number;
  /** The command could not be started at all. */
  startError?: string;
}

/** After the group is killed, wait this long for the pipes to close before giving up on them. */
const CLOSE_GRACE_MS = 1000;

/** Append `text` to `kept` up to `max` characters; return what was kept and how much was not. */
function keep(kept: string, text: string, max: number): [string, number] {
  const room = Math.max(0, max - kept.length);
  return room >= text.length ? [kept + text, 0] : [kept + text.slice(0, room), text.length - room];
}

export function runCommand(command: string, options: RunOptions): Promise<RunResult> {
  const maxChars = options.maxChars ?? MAX_OUTPUT_CHARS;
  const started = Date.now();
  return new Promise((resolve) => {
    // --norc --noprofile: the command runs the same for everyone. (Bash reads ~/.bashrc even
    // for `-c` when its stdin is a socket, as it is when we pipe input; a slow or stuck rc
    // file would then hang every command.)
    const child = spawn("bash", ["--norc", "--noprofile", "-c", command], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      // stdin: the input when there is one; otherwise nothing (/dev/null), so a command that
      // waits for input sees end-of-file at once instead of hanging.
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    const result: Omit<RunResult, "exitCode" | "durationMs"> = {
      output: "",
      stdout: "",
      stderr: "",
      timedOut: false,
      aborted: false,
      droppedChars: 0,
    };
    let settled = false;

    const collect = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      let dropped: number;
      [result.output, dropped] = keep(result.output, text, maxChars);
      result.droppedChars += dropped;
      [result[stream]] = keep(result[stream], text, maxChars);
    };
    const stdout = child.stdout!; // both piped (stdio above), so never null
    const stderr = child.stderr!;
    stdout.on("data", collect("stdout"));
    stderr.on("data", collect("stderr"));
    if (child.stdin) {
      // A command that never reads its stdin may close it early: its right, not an error.
      child.stdin.on("error", () => {});
      child.stdin.end(options.input);
    }

    const finish = (exitCode: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({ ...result, exitCode, durationMs: Date.now() - started });
    };

    // Kill the whole process group (negative pid). SIGKILL, because a command that
    // ignores SIGTERM must not be able to outlive its timeout.
    const killTree = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
      // A grandchild that escaped the group could hold the pipes open; do not wait forever.
      setTimeout(() => {
        stdout.destroy();
        stderr.destroy();
        finish(child.exitCode);
      }, CLOSE_GRACE_MS).unref();
    };
    const timer = setTimeout(() => {
      result.timedOut = true;
      killTree();
    }, options.timeoutMs);
    const onAbort = () => {
      result.aborted = true;
      killTree();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });

    child.on("error", (err) => {
      result.startError = err.message;
      result.output += `Failed to start the command: ${err.message}`;
      finish(null);
    });
    child.on("close", (code) => finish(code));
  });
}
