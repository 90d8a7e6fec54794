/**
 * A background job: one shell command the model started and did not wait for. The record is
 * what every other part reads — the tools, the /jobs screen, the note the model gets when the
 * job ends — so it lives on its own, with the limits that bound a job.
 *
 * A job runs while the agent keeps working, so its output cannot go to a tool result: it goes
 * to a log file in the workspace, `.runtime-tasks/job-1.log`, which the model (or a person)
 * can read at any time, during the run and after.
 */

export type JobStatus = "running" | "completed" | "failed" | "timeout" | "killed";

export interface Job {
  /** "job-1", "job-2"…: unique in the workspace (see log-file.ts). */
  id: string;
  /** The shell command line, run with bash. */
  command: string;
  /** The folder it runs in. */
  cwd: string;
  /** The log file's absolute path. */
  log: string;
  /** The log as the model sees it: relative to the workspace, e.g. ".runtime-tasks/job-1.log". */
  logPath: string;
  /** The process id (also its process group's); undefined when it could not start. */
  pid?: number;
  startedAt: number;
  endedAt?: number;
  status: JobStatus;
  /** The exit code; null when a signal ended it or it never started. */
  exitCode?: number | null;
  /** The signal that ended it, if one did. */
  signal?: string;
  /** Killed after this long (status "timeout"). */
  timeoutMs: number;
}

/** The folder of job logs, in the workspace. */
export const RUNTIME_DIR = ".runtime-tasks";
/** A job's time limit unless the model asks for another: long enough for a test suite or a build. */
export const DEFAULT_JOB_TIMEOUT_MS = 300_000;
/** No job runs longer than an hour: a forgotten server must not run all day. */
export const MAX_JOB_TIMEOUT_MS = 3_600_000;
/** A log keeps this much output; a job that prints more runs on, but the rest is dropped. */
export const MAX_LOG_BYTES = 10 * 1024 * 1024;
