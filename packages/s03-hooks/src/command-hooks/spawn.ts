/**
 * Run one hook command: `bash -c <command>` in the workspace, the event's JSON on stdin,
 * stdout and stderr kept apart (stdout may carry a JSON answer, stderr is the reason a hook
 * blocks with). Like core's runCommand it is asynchronous — never execSync, the REPL and
 * the spinner keep going — and the command gets its own process group, so a timeout kills
 * the hook and everything it started.
 */
import { spawn } from "node:child_process";
import { MAX_OUTPUT_CHARS } from "@learn/core";

export interface HookProcessOptions {
  cwd: string;
  /** Written to the command's stdin, then stdin is closed. */
  input: string;
  timeoutMs: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
}

export interface HookProcessResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  aborted: boolean;
  /** The command could not be started at all. */
  startError?: string;
}

/** After the group is killed, wait this long for the pipes to close. */
const CLOSE_GRACE_MS = 1000;

export function runHookProcess(command: string, options: HookProcessOptions): Promise<HookProcessResult> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", command], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const result: HookProcessResult = { exitCode: null, stdout: "", stderr: "", timedOut: false, aborted: false };
    let settled = false;

    const keep = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
      if (result[stream].length < MAX_OUTPUT_CHARS) result[stream] += chunk.toString("utf8").slice(0, MAX_OUTPUT_CHARS);
    };
    child.stdout.on("data", keep("stdout"));
    child.stderr.on("data", keep("stderr"));
    // A hook that never reads its stdin closes the pipe early: that is its right, not an error.
    child.stdin.on("error", () => {});
    child.stdin.end(options.input);

    const finish = (exitCode: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({ ...result, exitCode });
    };
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        finish(child.exitCode);
      }, CLOSE_GRACE_MS).unref();
    };
    const timer = setTimeout(() => {
      result.timedOut = true;
      killGroup();
    }, options.timeoutMs);
    const onAbort = () => {
      result.aborted = true;
      killGroup();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });

    child.on("error", (err) => {
      result.startError = err.message;
      finish(null);
    });
    child.on("close", (code) => finish(code));
  });
}
