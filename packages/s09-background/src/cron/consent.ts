/**
 * WHOSE SCHEDULED PROMPTS MAY RUN. A job's prompt runs as a turn nobody typed, with whatever
 * the permission rules allow. This session's own jobs are the model's, asked for in this
 * conversation. A job found in `.claude/scheduled_tasks.json` that this session did not make
 * is somebody else's: an earlier session's — or a line planted in the repository, whose prompt
 * would run its commands in a one-shot `--print "hello"`. So such a job is shown to the person
 * before it can fire, and fires only where a person is there to see it:
 *
 *   made by this session             fires when due (it is in this conversation)
 *   found on disk, in the REPL       listed on screen first (at start, or when it appears), then fires when due
 *   found on disk, no terminal       listed, and never fired: --print runs only what it made itself
 *
 * (Claude Code loads the file's tasks when a session starts and fires them when due; this
 * course is stricter without a terminal.) "Seen" is by the job's whole identity (jobKey): a
 * job edited on disk after it was shown is a new job, shown again.
 */
import type { Clock } from "./clock.ts";
import { describeCronJob } from "./describe.ts";
import { CRON_FILE, jobKey, type CronJob } from "./job-file.ts";
import type { CronStore } from "./store.ts";

export class CronConsent {
  private readonly shown = new Set<string>();

  constructor(
    private readonly store: CronStore,
    /** A person is at the terminal (the REPL), not `--print`. */
    private readonly interactive: boolean,
  ) {}

  /** May a tick fire `job`? This session made it, or a person at the terminal was shown it. */
  readonly mayFire = (job: CronJob): boolean => this.store.madeHere(job) || (this.interactive && this.shown.has(jobKey(job)));

  /** The jobs of `jobs` nobody has been shown yet and this session did not make; from now on, shown. */
  unseen(jobs: readonly CronJob[]): CronJob[] {
    const fresh = jobs.filter((job) => !this.store.madeHere(job) && !this.shown.has(jobKey(job)));
    for (const job of fresh) this.shown.add(jobKey(job));
    return fresh;
  }

  /** What the person is told about jobs they have not seen: one line each, and what happens to them. */
  describe(jobs: readonly CronJob[], clock: Clock): string {
    const n = jobs.length;
    const what = `${n} scheduled prompt${n === 1 ? "" : "s"} in ${CRON_FILE}, not made in this session`;
    const head = this.interactive ? `${what}; ${n === 1 ? "it runs" : "each runs"} when due, as a turn of its own:` : `${what}; not run without a person at the terminal (--print):`;
    const tail = this.interactive
      ? "To stop one, ask for it to be deleted (cron_delete) or edit the file; /jobs lists them."
      : "In the REPL they run when due, after this same list; delete the file if they are not yours.";
    return [head, ...jobs.map((job) => `  ${describeCronJob(job, clock)}`), tail].join("\n");
  }
}
