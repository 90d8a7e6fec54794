/**
 * The scheduler: once a second, claim the jobs that are due and hand each prompt to the
 * agent. It does not run anything itself: `submit` queues the prompt as a turn of its own,
 * which the agent runs when it is idle — a job that comes due mid-turn waits for that turn
 * to end instead of interrupting it.
 *
 *     every tickMs:  store.claimDue(clock.now(), consent.mayFire) ─┬─ fired   → submit(prompt, { source: "cron job cron-1" })
 *                                                                  ├─ expired → notice("Cron job cron-1 expired …")
 *                                                                  ├─ unseen  → notice: jobs on disk nobody was shown (consent.ts)
 *                                                                  └─ problem → notice (once, until it changes)
 *
 * The timer is unref()'d: a scheduler alone never keeps the process alive. A tick that is
 * still running when the next one is due (a slow disk, a lock held by another session) is
 * not overlapped: the later tick is skipped. A tick that fails is reported once and the next
 * one tries again; nothing here ever rejects unhandled.
 */
import type { Clock } from "./clock.ts";
import type { CronConsent } from "./consent.ts";
import { oneLine } from "./describe.ts";
import { nextRunOf, promptTooLong, type CronJob } from "./job-file.ts";
import type { CronStore } from "./store.ts";

export interface CronSchedulerOptions {
  store: CronStore;
  /** Which jobs may fire (this session's; on disk, those a person was shown), and which to show. */
  consent: CronConsent;
  /** Which minute it is for cron; a test moves a manual clock, the offline demo runs one fast. */
  clock: Clock;
  /** Queue a prompt as a turn of its own; `source` says where it came from ("cron job cron-1"). */
  submit(prompt: string, options: { source: string }): void;
  /** Tell the person something (an expired job, a broken file), outside the conversation. */
  notice(text: string): void;
  /** How often to look, in real milliseconds. Default 1000. */
  tickMs?: number;
}

export class CronScheduler {
  private timer: ReturnType<typeof setInterval> | undefined;
  private ticking: Promise<void> | undefined;
  /** Refreshes asked for and not done yet (see refresh). */
  private refreshes = 0;
  /** The jobs as the last tick found them, for dueWithin. */
  private jobs: CronJob[] = [];
  /** The last problem or failure told, so it is told once and not every second. */
  private lastNotice: string | undefined;

  constructor(private readonly options: CronSchedulerOptions) {}

  /** Tick now and then every tickMs, until stop(). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? 1000);
    this.timer.unref();
    void this.tick();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One look at the file. Skipped while another tick runs; never rejects. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = this.look();
    await this.ticking;
  }

  /**
   * Look again once the tick in progress (if any) is done — a job may have been made since it
   * read the file. Until then `looking` is true: `--print` must not end on an answer from stale jobs.
   */
  async refresh(): Promise<void> {
    this.refreshes++;
    try {
      await this.ticking;
      await this.tick();
    } finally {
      this.refreshes--;
    }
  }

  /** A tick runs, or a refresh waits for one. */
  get looking(): boolean {
    return this.ticking !== undefined || this.refreshes > 0;
  }

  private async look(): Promise<void> {
    try {
      const { consent, clock } = this.options;
      const claim = await this.options.store.claimDue(clock.now(), consent.mayFire);
      this.jobs = claim.jobs;
      const unseen = consent.unseen(claim.jobs);
      if (unseen.length > 0) this.options.notice(consent.describe(unseen, clock));
      for (const job of claim.fired) this.submit(job);
      for (const job of claim.expired) this.options.notice(expiredNotice(job));
      this.noticeOnce(claim.problem);
    } catch (err) {
      this.noticeOnce(`Scheduled jobs could not be checked (${(err as Error).message}); trying again.`);
    } finally {
      this.ticking = undefined;
    }
  }

  /**
   * Will a one-shot job fire within `ms` of clock time, by the jobs the last tick read? (A
   * job made since then counts after the next tick: await tick() first for a fresh answer.)
   * A run that waits for such a job before exiting ends; waiting for a recurring one would not,
   * nor for one it never fires (not this session's and unseen, or its prompt too long).
   */
  dueWithin(ms: number): boolean {
    const until = this.options.clock.now() + ms;
    return this.jobs.some((job) => {
      if (!this.options.consent.mayFire(job) || promptTooLong(job)) return false; // never fired here: nothing to wait for
      const next = job.recurring ? undefined : nextRunOf(job);
      return next !== undefined && next <= until;
    });
  }

  /** Hand a claimed job's prompt over. The claim is already written, so a failure here is said, not retried. */
  private submit(job: CronJob): void {
    try {
      this.options.submit(job.prompt, { source: `cron job ${job.id}` });
    } catch (err) {
      this.options.notice(`Cron job ${job.id} fired, but its prompt could not be queued: ${(err as Error).message}`);
    }
  }

  /** Tell `text` unless it was the last thing told; undefined means "all is well again". */
  private noticeOnce(text: string | undefined): void {
    if (text !== undefined && text !== this.lastNotice) this.options.notice(text);
    this.lastNotice = text;
  }
}

function expiredNotice(job: CronJob): string {
  return `Cron job ${job.id} expired after 7 days and was removed: ${job.cron} · ${oneLine(job.prompt)}`;
}
