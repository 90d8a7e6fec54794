/**
 * The scheduled jobs of one workspace, kept in `.claude/scheduled_tasks.json` so they
 * outlive the session that made them: the next session on this workspace fires them.
 *
 * Every change is a read-modify-write of that one file, and several sessions (several
 * processes) may have the same workspace open. Firing is a change too: a one-shot job is
 * removed, a recurring one gets `lastFiredAt`. If two sessions both read "cron-1 is due"
 * and then both wrote, both would run its prompt. So the claim takes the file's lock, reads
 * the file again inside it, and writes before letting go:
 *
 *     session A:  lock ─ read (cron-1 due) ─ write (cron-1 fired at 09:05) ─ unlock ─▶ runs it
 *     session B:        waits ·································· lock ─ read (not due) ─ unlock
 *
 * Each tick looks at the file first without the lock (a read is cheap, a lock is not, and
 * most ticks find nothing due); only when something looks due does it lock and look again.
 *
 * A file that is broken (not JSON, the wrong shape) is never overwritten: it may hold jobs a
 * person is about to fix. Reads report it by name with what is wrong; changes refuse, saying
 * nothing was changed.
 */
import path from "node:path";
import { readJsonFile, ToolError, withLock, writeJsonFile } from "@learn/core";
import { parseCron } from "./expression.ts";
import {
  CRON_FILE,
  CRON_MAX_AGE_MS,
  CronFileSchema,
  MAX_CRON_JOBS,
  nextNumber,
  nextRunOf,
  type CronFile,
  type CronJob,
} from "./job-file.ts";

export interface CreateCronInput {
  /** Five fields, local time: "0 9 * * 1-5". */
  cron: string;
  /** What the agent is asked when the job fires. */
  prompt: string;
  /** Fire at every match (until it expires), or once and be deleted. */
  recurring: boolean;
}

export interface CronClaim {
  /** Jobs whose run came and that this call claimed: run each prompt once. */
  fired: CronJob[];
  /** Recurring jobs older than CRON_MAX_AGE_MS, removed without firing. */
  expired: CronJob[];
  /** The jobs left in the file afterwards. */
  jobs: CronJob[];
  /** Set when the file is broken: it names the file and what is wrong. Nothing fired. */
  problem?: string;
}

type Loaded = { ok: true; data: CronFile } | { ok: false; why: string };

/** What a job asks of a tick at `now`. */
function verdict(job: CronJob, now: number): "expire" | "fire" | "wait" {
  if (job.recurring && now - job.createdAt >= CRON_MAX_AGE_MS) return "expire";
  const next = nextRunOf(job);
  // Only the first run after the last one counts: runs missed while no session ran fire once.
  return next !== undefined && next <= now ? "fire" : "wait";
}

const brokenProblem = (why: string) => `${CRON_FILE} is broken (${why}): no scheduled job runs until it is fixed or deleted.`;

export class CronStore {
  /** The jobs file (absolute). */
  readonly file: string;

  constructor(workspace: string) {
    this.file = path.join(path.resolve(workspace), CRON_FILE);
  }

  /** Every job as the file has it now; a broken file gives no jobs and a `problem`. */
  async list(): Promise<{ jobs: CronJob[]; problem?: string }> {
    const loaded = await this.load();
    return loaded.ok ? { jobs: loaded.data.tasks } : { jobs: [], problem: brokenProblem(loaded.why) };
  }

  /** Schedule a job, created at `now` (epoch ms), with the next free id. */
  async create(input: CreateCronInput, now: number): Promise<CronJob> {
    const parsed = parseCron(input.cron);
    if (!parsed.ok) throw new ToolError(parsed.error);
    if (input.prompt.trim() === "") throw new ToolError("the prompt is empty: it is what the agent is asked when the job fires");
    if (parsed.next(now) === undefined) {
      throw new ToolError(`"${input.cron}" never runs: no date matches it (such as the 30th of February). Nothing was scheduled.`);
    }
    return this.change((data) => {
      if (data.tasks.length >= MAX_CRON_JOBS) {
        throw new ToolError(`cannot schedule another job: there are already ${data.tasks.length}, the most a workspace may have. Delete one first.`);
      }
      const n = nextNumber(data);
      const cron = input.cron.trim().split(/\s+/).join(" "); // "0  9 * * *" is saved as "0 9 * * *"
      const job: CronJob = { id: `cron-${n}`, cron, prompt: input.prompt, createdAt: now, recurring: input.recurring };
      return { data: { ...data, tasks: [...data.tasks, job], nextId: n + 1 }, result: job };
    });
  }

  /** Remove a job; returns it. Its id is not given to another job. */
  async delete(id: string): Promise<CronJob> {
    return this.change((data) => {
      const job = data.tasks.find((j) => j.id === id);
      if (!job) {
        const jobs = data.tasks.length ? `Jobs: ${data.tasks.map((j) => j.id).join(", ")}.` : "There are none.";
        throw new ToolError(`No cron job ${id}. ${jobs}`);
      }
      return { data: { ...data, tasks: data.tasks.filter((j) => j !== job) }, result: job };
    });
  }

  /**
   * Take every job due at `now`: a one-shot is removed, a recurring job gets
   * `lastFiredAt = now`, an expired one is removed. Under the lock, so a run is claimed by
   * exactly one caller, in this process or any other.
   */
  async claimDue(now: number): Promise<CronClaim> {
    const look = await this.load();
    if (!look.ok) return { fired: [], expired: [], jobs: [], problem: brokenProblem(look.why) };
    if (look.data.tasks.every((job) => verdict(job, now) === "wait")) return { fired: [], expired: [], jobs: look.data.tasks };
    return withLock(this.file, async () => {
      const loaded = await this.load(); // again: another session may have claimed them since we looked
      if (!loaded.ok) return { fired: [], expired: [], jobs: [], problem: brokenProblem(loaded.why) };
      const claim: CronClaim = { fired: [], expired: [], jobs: [] };
      for (const job of loaded.data.tasks) {
        const what = verdict(job, now);
        if (what === "expire") claim.expired.push(job);
        else if (what === "wait") claim.jobs.push(job);
        else if (!job.recurring) claim.fired.push(job);
        else {
          const fired = { ...job, lastFiredAt: now };
          claim.fired.push(fired);
          claim.jobs.push(fired);
        }
      }
      if (claim.fired.length + claim.expired.length > 0) await writeJsonFile(this.file, { ...loaded.data, tasks: claim.jobs });
      return claim;
    });
  }

  /** Read, change and write the file under its lock; a broken file is refused, untouched. */
  private change<T>(edit: (data: CronFile) => { data: CronFile; result: T }): Promise<T> {
    return withLock(this.file, async () => {
      const loaded = await this.load();
      if (!loaded.ok) {
        throw new ToolError(`${CRON_FILE} is broken (${loaded.why}), so nothing was changed. Fix the file or delete it, then try again.`);
      }
      const { data, result } = edit(loaded.data);
      await writeJsonFile(this.file, data);
      return result;
    });
  }

  /** The file's jobs (none when it does not exist yet), or why it cannot be used. */
  private async load(): Promise<Loaded> {
    const read = await readJsonFile(this.file, CronFileSchema).catch((err: Error) => ({
      status: "corrupt" as const,
      error: `cannot be read: ${err.message}`,
    }));
    if (read.status === "missing") return { ok: true, data: { tasks: [] } };
    if (read.status === "ok") return { ok: true, data: read.value };
    // readJsonFile names the file by its absolute path; the workspace-relative name says it already.
    return { ok: false, why: read.error.startsWith(`${this.file}: `) ? read.error.slice(this.file.length + 2) : read.error };
  }
}
