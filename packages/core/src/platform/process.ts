/**
 * Run a process asynchronously — never with a synchronous exec: the REPL's Ctrl-C, a spinner
 * and (later) teammates running side by side must all keep going while a command runs.
 *
 *   startProcess(file, args)  a handle: { pid, done, kill() } — for a job that runs on its own
 *   runProcess(file, args)    the same, awaited: the result when it ends
 *   runCommand("npm test")    runProcess("bash", ["--norc", "--noprofile", "-c", command])
 *
 * No shell unless asked for: runProcess passes `args` to the program as they are.
 * Inside a process wrapper (process-wrapper.ts) the program is started through it.
 *
 * The process gets its own process group (`detached`), so a timeout or a cancel can kill
 * the whole tree — a `bash -c` that started `npm test` that started node — not just bash.
 *
 * A run ends when the process EXITS, not when its output pipes close. `npm start &` or
 * `setsid server &` leaves something behind that still holds the pipes; waiting for them
 * to close would wait for that — forever, or until the timeout. So after the exit the pipes
 * get a short grace, then whatever still holds them is killed and the result says
 * `lingered`. The bookkeeping that finds such processes is in process-registry.ts.
 */
import { spawn } from "node:child_process";
import { MAX_OUTPUT_CHARS } from "./cap.ts";
import { OutputCollector, type StreamName } from "./process-output.ts";
import { killTagged, newProcessTag, PROCESS_TAG_VAR, signalGroup, trackGroup, untrackGroup } from "./process-registry.ts";
import { childEnv } from "./child-env.ts";
import { launchOf } from "./process-wrapper.ts";

export interface RunOptions {
  /** The folder the process runs in. */
  cwd: string;
  /** Kill the process tree after this long; the result says `timedOut`. */
  timeoutMs: number;
  /** Keep at most this many characters of the merged output (and of stderr); the rest is counted, not stored. Default MAX_OUTPUT_CHARS. */
  maxChars?: number;
  /** Keep at most this many characters of stdout alone: more for a caller that parses all of it (a hook's JSON verdict). Default maxChars. */
  maxStdoutChars?: number;
  /** Cancels the run (Ctrl-C): the process tree is killed, the result says `aborted`. */
  signal?: AbortSignal;
  /** The environment; default this process's. Secrets and git's repository variables are always removed (child-env.ts). */
  env?: NodeJS.ProcessEnv;
  /** Written to the process's stdin, which is then closed (s03's command hooks read JSON there). Without it stdin is /dev/null. */
  input?: string;
  /** Called with each piece of output as it arrives, decoded (a background job streams it to a log file). Must not throw. */
  onOutput?: (text: string, stream: StreamName) => void;
}

/** startProcess's options: the same, but a job on its own may run without a time limit. */
export type StartOptions = Omit<RunOptions, "timeoutMs"> & { timeoutMs?: number };

export interface RunResult {
  /** stdout and stderr merged in the order they arrived. */
  output: string;
  /** The same output kept apart, for callers that read them separately (a hook's JSON answer). */
  stdout: string;
  stderr: string;
  /** The exit code; null when a signal ended the process (see `signal`) or it never started. */
  exitCode: number | null;
  /** The signal that ended the process, if one did: SIGKILL after a timeout, SIGTERM from outside. */
  signal?: NodeJS.Signals;
  timedOut: boolean;
  /** Cancelled through the signal (Ctrl-C). */
  aborted: boolean;
  /** The process exited, but something it started kept the output open; that was killed. */
  lingered?: boolean;
  /** Characters of the merged output dropped beyond maxChars. */
  droppedChars: number;
  durationMs: number;
  /** The process could not be started at all. */
  startError?: string;
}

export interface ProcessHandle {
  /** The process id (also its process group's id); undefined when it could not start. */
  pid: number | undefined;
  /** Settles (never rejects) with the result once the process has exited. */
  done: Promise<RunResult>;
  /** Send `signal` (default SIGTERM) to the whole process tree. */
  kill(signal?: NodeJS.Signals): void;
}

/** How long the output pipes may stay open after the process exits: they close at once unless a leftover holds them. */
export const LINGER_GRACE_MS = 500;
/** After a SIGKILL, how long to wait for the exit (a process stuck in the kernel) before giving up on it. */
const KILL_GRACE_MS = 1000;

export function startProcess(file: string, args: readonly string[], options: StartOptions): ProcessHandle {
  const started = Date.now();
  const tag = newProcessTag();
  const out = new OutputCollector({
    maxChars: options.maxChars ?? MAX_OUTPUT_CHARS,
    maxStdoutChars: options.maxStdoutChars ?? options.maxChars ?? MAX_OUTPUT_CHARS,
    onOutput: options.onOutput,
  });
  // The tag marks the whole tree, even a child that leaves the group with setsid.
  // A process wrapper in force (s14's sandbox, process-wrapper.ts) may start it another way.
  const launch = launchOf({ file, args, cwd: options.cwd, env: { ...childEnv(options.env ?? process.env), [PROCESS_TAG_VAR]: tag } });
  const child = spawn(launch.file, launch.args, {
    cwd: launch.cwd,
    env: launch.env,
    detached: true,
    // stdin: the input when there is one; otherwise nothing (/dev/null), so a process that
    // waits for input sees end-of-file at once instead of hanging.
    stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  const pid = child.pid;
  if (pid) trackGroup(pid, tag);
  const flags = { timedOut: false, aborted: false, lingered: false };
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let startError: string | undefined;
  const timers: NodeJS.Timeout[] = [];
  let resolveDone!: (result: RunResult) => void;
  const done = new Promise<RunResult>((resolve) => (resolveDone = resolve));

  const stdout = child.stdout!; // both piped (stdio above), so never null
  const stderr = child.stderr!;
  stdout.on("data", (chunk: Buffer) => out.add("stdout", chunk));
  stderr.on("data", (chunk: Buffer) => out.add("stderr", chunk));
  if (child.stdin) {
    // A process that never reads its stdin may close it early: its right, not an error.
    child.stdin.on("error", () => {});
    child.stdin.end(options.input);
  }

  let settled = false;
  const finish = () => {
    if (settled) return;
    settled = true;
    for (const timer of timers) clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    if (pid) untrackGroup(pid);
    out.end("stdout");
    out.end("stderr");
    const { output, stdout, stderr, droppedChars } = out;
    resolveDone({
      output: startError ? `${output}Failed to start the command: ${startError}` : output,
      stdout,
      stderr,
      exitCode: exit?.code ?? null,
      ...(exit?.signal ? { signal: exit.signal } : {}),
      ...flags,
      droppedChars,
      durationMs: Date.now() - started,
      ...(startError ? { startError } : {}),
    });
  };
  /** Stop reading output nobody will close for us, and settle. */
  const abandonPipes = () => {
    stdout.destroy();
    stderr.destroy();
    finish();
  };
  /**
   * Signal the group and every process carrying this run's tag (escapees from the group).
   * Once the run is over its group id may belong to someone else: then only the tag counts.
   */
  const kill = (signal: NodeJS.Signals = "SIGTERM") => {
    if (pid && !settled) signalGroup(pid, signal);
    killTagged(tag, signal);
  };
  // SIGKILL, because a command that ignores SIGTERM must not outlive its timeout.
  const killForGood = (reason: "timedOut" | "aborted") => {
    flags[reason] = true;
    kill("SIGKILL");
    timers.push(setTimeout(abandonPipes, KILL_GRACE_MS).unref());
  };
  const onAbort = () => killForGood("aborted");

  if (options.timeoutMs !== undefined) timers.push(setTimeout(() => killForGood("timedOut"), options.timeoutMs));
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener("abort", onAbort, { once: true });

  child.on("exit", (code, signal) => {
    exit = { code, signal };
    if (settled) return; // given up on already (abandonPipes after a kill)
    timers.push(
      setTimeout(() => {
        flags.lingered = true;
        kill("SIGKILL");
        abandonPipes();
      }, LINGER_GRACE_MS),
    );
  });
  child.on("close", finish);
  child.on("error", (err) => {
    startError = err.message;
    finish();
  });
  return { pid, done, kill };
}

/** Run `file` with `args` (no shell) to its end. */
export function runProcess(file: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return startProcess(file, args, options).done;
}

/** Run a shell command line with bash to its end. */
export function runCommand(command: string, options: RunOptions): Promise<RunResult> {
  // --norc --noprofile: the command runs the same for everyone. (Bash reads ~/.bashrc even
  // for `-c` when its stdin is a socket, as it is when we pipe input; a slow or stuck rc
  // file would then hang every command.)
  return runProcess("bash", ["--norc", "--noprofile", "-c", command], options);
}
