/**
 * Run a lesson's command line as a student does: a real child process (what `pnpm start`
 * runs: scripts/start.mjs, the lesson's cached bundle) in the lesson's package folder, with no
 * key from the developer's shell or .env file leaking in (so the run is offline unless the
 * test sets one).
 *
 * `timeoutMs` is a limit, not a measure: a run that hangs (the bug a test is about) is killed
 * with SIGKILL and reported as `timedOut`, so the test fails instead of hanging.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { repoRoot } from "../platform/config.ts";

export interface CliRun {
  code: number | null;
  /** The signal that ended the process, if one did. */
  signal?: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** It was still running after `timeoutMs` and was killed. */
  timedOut?: boolean;
}

export interface CliOptionsForTest {
  env?: Record<string, string>;
  stdin?: string;
  /** Kill the process (SIGKILL) if it has not ended after this long. */
  timeoutMs?: number;
  /** Options for node itself, before the script (a V8 trace flag, say). */
  nodeArgs?: string[];
}

export interface RunningCli {
  child: ChildProcess;
  /** Resolves when the process has ended. */
  done: Promise<CliRun>;
  /** Resolves once stderr matches `pattern`; rejects if the process ends first. */
  stderrMatches(pattern: RegExp): Promise<void>;
}

/** Start the lesson's command line and return at once; see `runLessonCli` to wait for it. */
export function startLessonCli(packageDir: string, args: string[], options: CliOptionsForTest = {}): RunningCli {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("ANTHROPIC_") && k !== "MODEL_ID" && k !== "INIT_CWD"),
  );
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(repoRoot(), "scripts", "start.mjs"), packageDir, ...args], {
    cwd: packageDir,
    env: { ...clean, NO_COLOR: "1", LEARN_ENV_FILE: "none", ...options.env },
  });
  let stdout = "";
  let stderr = "";
  let timedOut = false;
  child.stdout!.on("data", (c: Buffer) => (stdout += c));
  child.stderr!.on("data", (c: Buffer) => (stderr += c));
  child.stdin!.end(options.stdin ?? "");
  const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, options.timeoutMs);
  const done = new Promise<CliRun>((resolve) => {
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ...(timedOut ? { timedOut } : {}) });
    });
  });
  const stderrMatches = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const look = () => {
        if (!pattern.test(stderr)) return;
        child.stderr!.off("data", look);
        resolve();
      };
      child.stderr!.on("data", look);
      look();
      void done.then(() => (pattern.test(stderr) ? resolve() : reject(new Error(`the CLI ended before its stderr matched ${pattern}:\n${stderr}`))));
    });
  return { child, done, stderrMatches };
}

export function runLessonCli(packageDir: string, args: string[], options: CliOptionsForTest = {}): Promise<CliRun> {
  return startLessonCli(packageDir, args, options).done;
}
