/**
 * Run a shell command asynchronously — never with execSync: the REPL's Ctrl-C, a spinner
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
}

export interface RunResult {
  /** stdout and stderr merged in the order they arrived. */
  output: string;
  exitCode: number | null;
  timedOut: boolean;
  /** Cancelled through the signal (Ctrl-C). */
  aborted: boolean;
  /** Characters dropped beyond maxChars. */
  droppedChars: number;
  durationMs: number;
}

/** After the group is killed, wait this long for the pipes to close before giving up on them. */
const CLOSE_GRACE_MS = 1000;

export function runCommand(command: string, options: RunOptions): Promise<RunResult> {
  const maxChars = options.maxChars ?? MAX_OUTPUT_CHARS;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", command], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let droppedChars = 0;
    let timedOut = false;
    let aborted = false;
    let settled = false;

    const collect = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      const room = maxChars - output.length;
      if (room >= text.length) output += text;
      else {
        output += text.slice(0, Math.max(0, room));
        droppedChars += text.length - Math.max(0, room);
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);

    const finish = (exitCode: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({ output, exitCode, timedOut, aborted, droppedChars, durationMs: Date.now() - started });
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
        child.stdout.destroy();
        child.stderr.destroy();
        finish(child.exitCode);
      }, CLOSE_GRACE_MS).unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killTree();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      killTree();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });

    child.on("error", (err) => {
      output += `Failed to start the command: ${err.message}`;
      finish(null);
    });
    child.on("close", (code) => finish(code));
  });
}
