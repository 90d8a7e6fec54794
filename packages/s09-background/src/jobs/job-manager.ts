/**
 * The jobs of one session: start a command in the background, know how each one is doing,
 * hear when one ends, stop them all.
 *
 *   start("npm test")  → claim .runtime-tasks/job-1.log → spawn bash (own process group)
 *                         output ──onOutput──► LogWriter ──► job-1.log
 *   process ends        → status, a last log line "[exit 0 after 3.1s]" → onFinish(job)
 *
 * `start` returns as soon as the process is spawned: the caller (a tool) answers the model
 * at once, and the model keeps working. A job is deliberately NOT tied to any turn's abort
 * signal: Ctrl-C cancels the turn that is running, not the test suite it started earlier.
 * What does stop a job: its time limit, `stopAll()`, and the session ending (exit-guard.ts).
 *
 * The process runs through core's startProcess, like bash: its own process group (a kill
 * ends the whole tree), no API key in its environment, a tag that finds escapees. Core keeps
 * some output in memory too; the log file is the record.
 *
 * A job writes after the tool call that started it has returned, so its whole lifetime is
 * one more write window (core's workspace ledger, for `pnpm reset`): what it changes in the
 * real practice workspace counts as the agent's. A job killed at exit has no time to be noted;
 * what it wrote then counts as the student's, and reset keeps it.
 */
import { openWriteWindow, startProcess, type ProcessHandle, type RunResult, type WriteWindow } from "@learn/core/harness";
import { endLine, STOPPED_AT_EXIT_LINE } from "./describe.ts";
import { guardOnExit, releaseOnExit, type ExitGuard } from "./exit-guard.ts";
import { DEFAULT_JOB_TIMEOUT_MS, MAX_JOB_TIMEOUT_MS, type Job, type JobStatus } from "./job.ts";
import { claimLog, LogWriter } from "./log-file.ts";

export interface JobManagerOptions {
  /** The workspace: logs go to its .runtime-tasks/. */
  workspace: string;
  /** Called once when a job ends, however it ends (also "killed" by stopAll). A throw or rejection is reported, never raised. */
  onFinish?: (job: Job) => void | Promise<void>;
  /** The log cap in bytes (default MAX_LOG_BYTES; tests set a small one). */
  maxLogBytes?: number;
  /** Where problems go (a log that cannot be written, an onFinish that threw); default stderr. */
  onError?: (message: string) => void;
}

export interface StartJobOptions {
  /** The folder the command runs in. */
  cwd: string;
  /** Kill it after this long (default DEFAULT_JOB_TIMEOUT_MS, at most MAX_JOB_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** A job whose process still runs. */
interface Running {
  job: Job;
  handle: ProcessHandle;
  writer: LogWriter;
  /** stopAll asked for it: the end is "killed", whatever the process says. */
  stopping: boolean;
  /** Settles when the job's status and last log line are written. */
  ended: Promise<void>;
  guard: ExitGuard;
  /** What the job writes into the real practice workspace, noted when it ends. */
  window: WriteWindow;
}

export class JobManager {
  private readonly jobs: Job[] = [];
  private readonly live = new Map<string, Running>();

  constructor(private readonly options: JobManagerOptions) {}

  /** Start `command` with bash in the background; resolves once it is spawned and has a log. */
  async start(command: string, options: StartJobOptions): Promise<Job> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
    if (!(timeoutMs > 0 && timeoutMs <= MAX_JOB_TIMEOUT_MS)) {
      throw new RangeError(`A job's timeout must be more than 0 and at most ${MAX_JOB_TIMEOUT_MS / 1000}s, not ${timeoutMs}ms.`);
    }
    const { id, file, logPath } = await claimLog(this.options.workspace);
    const job: Job = { id, command, cwd: options.cwd, log: file, logPath, startedAt: Date.now(), status: "running", timeoutMs };
    const writer = new LogWriter(file, {
      maxBytes: this.options.maxLogBytes,
      onError: (err) => this.report(`Background job ${id} cannot write its log ${logPath}: ${err.message}`),
    });
    const window = await openWriteWindow(options.cwd, (message) => this.report(message));
    // No `signal`: a turn's Ctrl-C must not reach a job (see the top of this file).
    const handle = startProcess("bash", ["--norc", "--noprofile", "-c", command], {
      cwd: options.cwd,
      timeoutMs,
      onOutput: (text) => writer.write(text),
    });
    if (handle.pid !== undefined) job.pid = handle.pid;
    this.jobs.push(job);
    const run: Running = {
      job,
      handle,
      writer,
      stopping: false,
      ended: Promise.resolve(),
      guard: { job, stopNow: () => this.stopAtExit(run) },
      window,
    };
    this.live.set(id, run);
    guardOnExit(run.guard);
    run.ended = this.settle(run);
    return job;
  }

  get(id: string): Job | undefined {
    return this.jobs.find((job) => job.id === id);
  }

  /** Every job of this session, in the order they started. */
  list(): Job[] {
    return [...this.jobs];
  }

  running(): Job[] {
    return this.jobs.filter((job) => job.status === "running");
  }

  /** Kill every running job's process tree and wait until each has ended ("killed", with a last log line). */
  async stopAll(): Promise<Job[]> {
    const runs = [...this.live.values()];
    for (const run of runs) {
      run.stopping = true;
      run.handle.kill("SIGKILL");
    }
    await Promise.all(runs.map((run) => run.ended));
    return runs.map((run) => run.job);
  }

  /**
   * When the process has ended: the last log lines, then the status, then onFinish. The
   * status changes only once the log is complete, so whoever sees a job ended can read all of it.
   */
  private async settle(run: Running): Promise<void> {
    const result = await run.handle.done;
    const { job } = run;
    if (job.status !== "running") return; // stopped at exit meanwhile
    releaseOnExit(run.guard); // the process is gone: nothing to kill at exit
    const ending: Partial<Job> = { endedAt: Date.now(), exitCode: result.exitCode, status: statusOf(result, run.stopping) };
    if (result.signal) ending.signal = result.signal;
    await run.writer.end(lastLines({ ...job, ...ending }, result));
    await run.window.close();
    Object.assign(job, ending);
    this.live.delete(job.id);
    this.notify(job);
  }

  /** At process exit (synchronous): kill the tree, end the log. */
  private stopAtExit(run: Running): void {
    run.handle.kill("SIGKILL");
    run.job.status = "killed";
    run.job.endedAt = Date.now();
    run.writer.endSync(STOPPED_AT_EXIT_LINE);
  }

  /**
   * Tell onFinish, which may be async; whatever it throws is reported, not raised. Called at once,
   * in the same step as the status change: whoever sees "no job running" must already see its
   * note on its way (the notifications count it as arriving from the first line of onFinish).
   */
  private notify(job: Job): void {
    const { onFinish } = this.options;
    if (!onFinish) return;
    const failed = (err: unknown) => this.report(`Background job ${job.id}: onFinish failed: ${err instanceof Error ? err.message : String(err)}`);
    try {
      Promise.resolve(onFinish(job)).catch(failed);
    } catch (err) {
      failed(err);
    }
  }

  private report(message: string): void {
    if (this.options.onError) this.options.onError(message);
    else process.stderr.write(`${message}\n`);
  }
}

function statusOf(result: RunResult, stopping: boolean): JobStatus {
  if (stopping && result.exitCode === null) return "killed"; // (one that exited by itself just before keeps its exit code)
  if (result.timedOut) return "timeout";
  return result.exitCode === 0 && !result.startError ? "completed" : "failed";
}

/** What the log gets at the end: why it could not start or what was left behind, then endLine. */
function lastLines(job: Job, result: RunResult): string {
  return [
    result.startError && `Failed to start the command: ${result.startError}`,
    result.lingered && "(A process it started in the background kept running after it exited; it was stopped.)",
    endLine(job),
  ]
    .filter(Boolean)
    .join("\n");
}
