/**
 * A lesson's command line, start to finish:
 *
 *   start                      interactive REPL (offline when no key is set)
 *   -p, --print <prompt>       run one prompt, print the final answer, exit
 *   --demo                     run the lesson's offline demo and exit
 *   --cwd <dir>                the workspace (default practice-workspace/, env LEARN_WORKDIR)
 *   --model-script <file>      answer from this script with the simulator
 *   --trace <file>             append every model request and response as JSON lines
 *   --check-config             report on the workspace's Claude Code files, exit (s03 on)
 *
 * A lesson's main.ts is just `main(lesson)`.
 */
import { ConfigError } from "../../platform/config.ts";
import type { Lesson } from "../../runtime/lesson.ts";
import { installProcessCleanup } from "../../platform/process-registry.ts";
import { installToolWrapper } from "../../runtime/tool-wrappers.ts";
import { resetLedger } from "../reset-ledger.ts";
import { scrubSecrets } from "../../platform/secrets.ts";
import { holdWorkspace, otherSessionWarning } from "../session-marker.ts";
import { paletteFor } from "../ui/colors.ts";
import { ScriptError } from "../../simulator/load.ts";
import { startingWorkspace, WorkspaceError } from "../workspace.ts";
import { parseCli, usage, UsageError, type CliOptions } from "./args.ts";
import { reportConfig } from "./check-config.ts";
import { runDemo, runInteractive, runPrint, setup, type Setup } from "./modes.ts";

export { parseCli, usage, UsageError, type CliOptions } from "./args.ts";

/** Run a lesson from the command line and return the exit code. */
export async function runCli(lesson: Lesson, argv = process.argv.slice(2)): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCli(argv, lesson);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${usage(lesson)}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${usage(lesson)}\n`);
    return 0;
  }
  if (options.checkConfig) return reportConfig(lesson, options);
  let s: Setup | undefined;
  let release: (() => void) | undefined;
  // What a tool call writes into the real practice workspace is noted for `pnpm reset`.
  const unwrap = installToolWrapper(resetLedger);
  try {
    s = await setup(options, lesson);
    if (options.demo) return await runDemo(lesson, options, s);
    const cwd = await startingWorkspace(lesson, options.cwd);
    release = await markWorkspace(cwd, lesson);
    if (options.print !== undefined) return await runPrint(lesson, options, s, cwd);
    return await runInteractive(lesson, options, s, cwd);
  } catch (err) {
    // Bad input from the user's side: one clear line, no stack trace.
    if (err instanceof ConfigError || err instanceof ScriptError || err instanceof WorkspaceError || err instanceof UsageError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    throw err;
  } finally {
    unwrap();
    release?.();
    await s?.tracer?.flush();
  }
}

/**
 * Leave this session's marker on its workspace, and say so in one line when another live
 * session already works there (session-marker.ts). Returns what removes the marker.
 */
async function markWorkspace(cwd: string, lesson: Lesson): Promise<() => void> {
  const c = paletteFor(process.stderr);
  try {
    const { others, release } = await holdWorkspace(cwd, lesson.id);
    if (others.length) process.stderr.write(`${c.yellow(`● ${otherSessionWarning(others)}`)}\n`);
    return release;
  } catch (err) {
    // A convenience, not a lock: a temporary folder we cannot write must not stop the session.
    process.stderr.write(`${c.dim(`(no session marker: ${err instanceof Error ? err.message : String(err)})`)}\n`);
    return () => {};
  }
}

/**
 * For main.ts: run, then exit with the code (child processes and timers must not hold us).
 * However the lesson ends — the exit, SIGTERM, SIGHUP, a last Ctrl-C — every process it
 * started ends with it.
 */
export function main(lesson: Lesson): void {
  // `… --print "…" | head -1`: a reader that stops reading is not an error worth a stack trace.
  process.stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(0);
    throw err;
  });
  installProcessCleanup();
  runCli(lesson).then(
    (code) => {
      const note = pnpmReportNote(code);
      if (note) process.stderr.write(`${note}\n`);
      exitWhenWritten(code);
    },
    (err: unknown) => {
      process.stderr.write(`${scrubSecrets(err instanceof Error ? (err.stack ?? err.message) : String(err))}\n`);
      process.exit(1);
    },
  );
}

/**
 * Exit once stdout has taken everything written to it. Into a pipe, Node writes stdout
 * asynchronously, and process.exit() drops what is still queued: `--check-config | jq` got the
 * first 64 KiB of a larger report. An empty write's callback runs after every write before it.
 * A reader that never reads must not keep the process alive for ever: after 10 s it exits anyway.
 */
function exitWhenWritten(code: number): void {
  setTimeout(() => process.exit(code), 10_000).unref();
  process.stdout.write("", () => process.exit(code));
}

/**
 * Under `pnpm start` (not `pnpm -s`), any non-zero exit is followed by pnpm's own report
 * (ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL, or ELIFECYCLE in a lesson's folder). No exit code is
 * spared it, and exiting 0 after an error would lie to scripts: so the run says what that box is.
 */
export function pnpmReportNote(code: number, env: NodeJS.ProcessEnv = process.env): string | undefined {
  // pnpm runs this lesson's own script (a test run under `pnpm test` inherits pnpm's variables, but not as `start`).
  const underPnpm = env.npm_config_user_agent?.startsWith("pnpm/") === true && ["start", "demo"].includes(env.npm_lifecycle_event ?? "");
  if (code === 0 || !underPnpm || env.npm_config_reporter === "silent") return undefined;
  return `(pnpm adds its own report of exit status ${code} below; the lesson's message is above it. \`pnpm -s\` leaves pnpm's report out.)`;
}
