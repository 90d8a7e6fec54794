/**
 * Nothing left running when the session ends. A background job is a process group of its
 * own, so when the agent's process exits — `/exit`, the end of a `--print` run, SIGTERM,
 * a closed terminal (core's installProcessCleanup turns those signals into `process.exit`) —
 * the job would live on as an orphan. So while at least one job runs, ONE synchronous
 * `exit` listener is registered; it kills every running job's process tree, writes the
 * last line of each log, and tells the user what was stopped. When no job runs, the listener
 * is removed: a session (or a test) that makes many job managers never piles up listeners.
 *
 * `exit` listeners must be synchronous — the event loop is done — so everything here is.
 */
import { Screen } from "@learn/core/harness";
import { shortCommand } from "./describe.ts";
import type { Job } from "./job.ts";

/** A running job, as the exit listener sees it. */
export interface ExitGuard {
  job: Job;
  /** Kill its process tree and end its log, synchronously. */
  stopNow(): void;
}

const guarded = new Set<ExitGuard>();

function stopJobsAtExit(): void {
  for (const guard of guarded) {
    guard.stopNow();
    const { id, command } = guard.job;
    // The command is the model's: cleaned like any text on screen (no escape sequences, no secrets).
    process.stderr.write(Screen.of(process.stderr).clean(`Stopped background job ${id} (${shortCommand(command)}): the session ended.\n`));
  }
  guarded.clear();
}

/** Stop this job if the process exits while it runs. */
export function guardOnExit(guard: ExitGuard): void {
  if (guarded.size === 0) process.on("exit", stopJobsAtExit);
  guarded.add(guard);
}

/** The job ended by itself: nothing to stop at exit. */
export function releaseOnExit(guard: ExitGuard): void {
  if (guarded.delete(guard) && guarded.size === 0) process.off("exit", stopJobsAtExit);
}
