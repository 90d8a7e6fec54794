/**
 * The scheduled jobs of one session and one workspace. A job is *session-only* by default
 * (Claude Code's `durable: false`): it lives in this object, "session-1", and ends with the
 * session. A *durable* one is kept in `.claude/scheduled_tasks.json`, "cron-1", so it outlives
 * the session that made it — and the store remembers which durable jobs it made itself: a job
 * in the file that this session did not make is somebody else's (an earlier session's, or
 * planted), and the scheduler does not fire it unseen (consent.ts).
 *
 * Every change is a read-modify-write of that one file, and several sessions (several
 * processes) may have the same workspace open: core's LockedJsonFile makes each one under
 * the file's lock. Firing is a change too: a one-shot job is removed, a recurring one gets
 * `lastFiredAt`. If two sessions both read "cron-1 is due" and then both wrote, both would
 * run its prompt. So the claim takes the file's lock, reads the file again inside it, and
 * writes before letting go:
 *
 *     session A:  lock ─ read (cron-1 due) ─ write (cron-1 fired at 09:05) ─ unlock ─▶ runs it
 *     session B:        waits ·································· lock ─ read (not due) ─ unlock
 *
 * Each tick looks at the file first without the lock (a read is cheap, a lock is not, and
 * most ticks find nothing due); only when something looks due does it lock and look again.
 *
 * A file that is broken (not JSON, not an object with a `tasks` list) is never overwritten: it
 * may hold jobs a person is about to fix. Reads report it by name with what is wrong; changes
 * refuse, saying nothing was changed (LockedJsonFile's refusal); a tick that finds it broken
 * fires nothing. A single task that cannot run is skipped, reported, and kept (job-file.ts).
 */
import path from "node:path";
import { ToolError } from "@learn/core";
import { LockedJsonFile } from "@learn/core/harness";
import { parseCron } from "./expression.ts";
import {
  CRON_FILE,
  CRON_MAX_AGE_MS,
  CronFileSchema,
  MAX_CRON_JOBS,
  jobKey,
  nextNumber,
  nextRunOf,
  parseTasks,
  withJobs,
  promptTooLong,
  type CronFile,
  type CronJob,
  type SkippedTask,
} from "./job-file.ts";

export interface CreateCronInput {
  /** Five fields, local time: "0 9 * * 1-5". */
  cron: string;
  /** What the agent is asked when the job fires. */
  prompt: string;
  /** Fire at every match (until it expires), or once and be deleted. */
  recurring: boolean;
  /** Keep it in the file, for later sessions too; else in this session's memory only. */
  durable: boolean;
}

export interface CronClaim {
  /** Jobs whose run came and that this call claimed: run each prompt once. */
  fired: CronJob[];
  /** Recurring jobs older than CRON_MAX_AGE_MS, removed without firing. */
  expired: CronJob[];
  /** The jobs left in the file afterwards. */
  jobs: CronJob[];
  /** Set when the file is broken (it names the file and what is wrong; nothing fired), or some of its tasks were skipped. */
  problem?: string;
}

/** Which jobs a claim may take: the others are left exactly as they are. */
export type MayFire = (job: CronJob) => boolean;

/** What a job asks of a tick at `now`. A job it may not fire, or whose prompt is too long, waits untouched. */
function verdict(job: CronJob, now: number, mayFire: MayFire): "expire" | "fire" | "wait" {
  if (!mayFire(job) || promptTooLong(job)) return "wait";
  if (job.recurring && now - job.createdAt >= CRON_MAX_AGE_MS) return "expire";
  const next = nextRunOf(job);
  // Only the first run after the last one counts: runs missed while no session ran fire once.
  return next !== undefined && next <= now ? "fire" : "wait";
}

/** Sort `jobs` by what each asks of a tick at `now`: fired, expired, or kept (a recurring one that fired, too). */
function claimFrom(jobs: readonly CronJob[], now: number, mayFire: MayFire): CronClaim {
  const claim: CronClaim = { fired: [], expired: [], jobs: [] };
  for (const job of jobs) {
    const what = verdict(job, now, mayFire);
    if (what === "expire") claim.expired.push(job);
    else if (what === "wait") claim.jobs.push(job);
    else if (!job.recurring) claim.fired.push(job);
    else {
      const fired = { ...job, lastFiredAt: now };
      claim.fired.push(fired);
      claim.jobs.push(fired);
    }
  }
  return claim;
}

const brokenProblem = (why: string) => `${CRON_FILE} is broken (${why}): no scheduled job runs until it is fixed or deleted.`;

/** What is said of the file's tasks that never run (each with its reason): nothing when there are none. */
function skippedProblem(skipped: readonly SkippedTask[]): { problem?: string } {
  if (skipped.length === 0) return {};
  return { problem: `${CRON_FILE}: skipped, never run until fixed (the file keeps them): ${skipped.map((s) => s.why).join("; ")}.` };
}

/** A job as Claude Code writes it: `recurring` only when true, so a one-shot has no such key. */
function newJob(id: string, cron: string, input: CreateCronInput, now: number): CronJob {
  return { id, cron, prompt: input.prompt, createdAt: now, ...(input.recurring ? { recurring: true } : {}) };
}

export class CronStore {
  /** The jobs file (absolute). */
  readonly file: string;
  /** The same file, read and changed under its lock. */
  private readonly durable: LockedJsonFile<CronFile>;
  /** This session's own jobs, in memory only. */
  private session: CronJob[] = [];
  private sessionCount = 0;
  /** Every job this store made (session-only and durable), by jobKey. */
  private readonly made = new Set<string>();

  constructor(workspace: string) {
    this.file = path.join(path.resolve(workspace), CRON_FILE);
    this.durable = new LockedJsonFile(this.file, { shown: CRON_FILE, schema: CronFileSchema, empty: () => ({ tasks: [] }) });
  }

  /** This session's jobs, then the file's as it has them now; a broken file gives only the first, and a `problem`. */
  async list(): Promise<{ jobs: CronJob[]; problem?: string }> {
    const loaded = await this.durable.read();
    if (!loaded.ok) return { jobs: [...this.session], problem: brokenProblem(loaded.why) };
    const { jobs, skipped } = parseTasks(loaded.data);
    return { jobs: [...this.session, ...jobs], ...skippedProblem(skipped) };
  }

  /** This store made `job` (in this session), and it has not been changed since. */
  madeHere(job: CronJob): boolean {
    return this.made.has(jobKey(job));
  }

  /** Is `id` a job of this session's memory (so deleting it writes nothing)? */
  hasSessionJob(id: string): boolean {
    return this.session.some((job) => job.id === id);
  }

  /** Schedule a job, created at `now` (epoch ms), with the next free id: in memory, or in the file when durable. */
  async create(input: CreateCronInput, now: number): Promise<CronJob> {
    const parsed = parseCron(input.cron);
    if (!parsed.ok) throw new ToolError(parsed.error);
    if (input.prompt.trim() === "") throw new ToolError("the prompt is empty: it is what the agent is asked when the job fires");
    const tooLong = promptTooLong(input);
    if (tooLong) throw new ToolError(`${tooLong}: say what to do in a few sentences, and point to a file for the details. Nothing was scheduled.`);
    if (parsed.next(now) === undefined) {
      throw new ToolError(`"${input.cron}" never runs: no date matches it (such as the 30th of February). Nothing was scheduled.`);
    }
    const cron = input.cron.trim().split(/\s+/).join(" "); // "0  9 * * *" is saved as "0 9 * * *"
    const job = input.durable ? await this.createInFile(cron, input, now) : this.createInSession(cron, input, now);
    this.made.add(jobKey(job));
    return job;
  }

  /** Remove a job; returns it. Its id is not given to another job. */
  async delete(id: string): Promise<CronJob> {
    const own = this.session.find((j) => j.id === id);
    if (own) {
      this.session = this.session.filter((j) => j !== own);
      return own;
    }
    return this.durable.update((data) => {
      const { jobs } = parseTasks(data);
      const job = jobs.find((j) => j.id === id);
      if (!job) {
        const ids = [...this.session, ...jobs].map((j) => j.id);
        throw new ToolError(`No cron job ${id}. ${ids.length ? `Jobs: ${ids.join(", ")}.` : "There are none."}`);
      }
      return { data: withJobs(data, jobs.filter((j) => j !== job)), result: job };
    });
  }

  private createInSession(cron: string, input: CreateCronInput, now: number): CronJob {
    if (this.session.length >= MAX_CRON_JOBS) {
      throw new ToolError(`cannot schedule another job: this session has ${this.session.length}, the most it may have. Delete one first.`);
    }
    const job = newJob(`session-${++this.sessionCount}`, cron, input, now);
    this.session.push(job);
    return job;
  }

  private createInFile(cron: string, input: CreateCronInput, now: number): Promise<CronJob> {
    return this.durable.update((data) => {
      const { jobs } = parseTasks(data);
      if (jobs.length >= MAX_CRON_JOBS) {
        throw new ToolError(`cannot schedule another job: there are already ${jobs.length}, the most a workspace may have. Delete one first.`);
      }
      const n = nextNumber(data);
      const job = newJob(`cron-${n}`, cron, input, now);
      return { data: { ...withJobs(data, [...jobs, job]), nextId: n + 1 }, result: job };
    });
  }

  /**
   * Take every job due at `now` that `mayFire` allows: a one-shot is removed, a recurring job
   * gets `lastFiredAt = now`, an expired one is removed. The file's under the lock, so a run is
   * claimed by exactly one caller, in this process or any other. The session's first.
   */
  async claimDue(now: number, mayFire: MayFire = () => true): Promise<CronClaim> {
    const own = claimFrom(this.session, now, () => true);
    this.session = own.jobs;
    const onDisk = await this.claimInFile(now, mayFire);
    return { ...onDisk, fired: [...own.fired, ...onDisk.fired], expired: [...own.expired, ...onDisk.expired], jobs: [...own.jobs, ...onDisk.jobs] };
  }

  /** A look without the lock first (see the top of this file), then the claim under it; a broken file fires nothing. */
  private async claimInFile(now: number, mayFire: MayFire): Promise<CronClaim> {
    const broken = (why: string): CronClaim => ({ fired: [], expired: [], jobs: [], problem: brokenProblem(why) });
    const look = await this.durable.read();
    if (!look.ok) return broken(look.why);
    const looked = parseTasks(look.data);
    if (looked.jobs.every((job) => verdict(job, now, mayFire) === "wait")) return { fired: [], expired: [], jobs: looked.jobs, ...skippedProblem(looked.skipped) };
    // Under the lock the file is read again: another session may have claimed them since we looked.
    return this.durable.update((data) => {
      const { jobs, skipped } = parseTasks(data);
      const claim = { ...claimFrom(jobs, now, mayFire), ...skippedProblem(skipped) };
      const changed = claim.fired.length + claim.expired.length > 0; // else the file is left as it is
      return { result: claim, data: changed ? withJobs(data, claim.jobs) : undefined };
    }, broken);
  }
}
