/**
 * The scheduled jobs of a workspace, in one file Claude Code also reads and writes:
 * `.claude/scheduled_tasks.json`.
 *
 *   { "tasks": [ { "id": "cron-1", "cron": "0 9 * * 1-5", "prompt": "Summarise yesterday's commits",
 *                  "createdAt": 1767254400000, "recurring": true, "lastFiredAt": 1767340800000 },
 *                { "id": "cron-2", "cron": "30 14 * * *", "prompt": "Is the deploy done?", "createdAt": 1767254400000 } ],
 *     "nextId": 3 }
 *
 * Times are epoch milliseconds. A job without `recurring: true` is a one-shot: Claude Code
 * writes one-shots with no `recurring` key at all, and so does this course. `lastFiredAt` is
 * absent until a recurring job first fires (a one-shot is deleted when it fires). `nextId`
 * numbers the next job, so an id is never given twice, even after a delete: "cron-3" always
 * means the same job. (Claude Code names its jobs with 8 hex digits and keeps no `nextId`;
 * each program reads the other's.)
 *
 * The file is read as Claude Code reads it: a file that is not an object with a `tasks` list
 * is unreadable — reported, never overwritten. Inside a readable file each task stands alone:
 * one without a string `id`, `cron` and `prompt` and a numeric `createdAt`, or with an
 * expression that does not parse, is skipped (it never fires, and is reported with the
 * reason) while the others run — and it stays in the file, exactly as written, when the file
 * is rewritten. Keys this course does not read (Claude Code's `createdBySessionId`,
 * `createdByPid`, `permanent`…) are kept and written back as they were.
 *
 * What a `cron` expression means (five fields, when it next runs) is given by the caller
 * (`scheduledTasksFormat(readCron)`): in the course it is s09's expression.ts, which a student
 * writes in an exercise.
 */
import { z } from "zod";

/** A cron expression read: when it runs next after a moment (epoch ms), or what is wrong with it. */
export type ReadCron = (expr: string) => { ok: true; next(after: number): number | undefined } | { ok: false; error: string };

/** Where a workspace keeps its scheduled jobs. */
export const CRON_FILE = ".claude/scheduled_tasks.json";
/** A recurring job is removed this long after it was created (Claude Code's rule), so a forgotten one stops. */
export const CRON_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many jobs in one workspace (and as many more for this session alone). */
export const MAX_CRON_JOBS = 50;
/**
 * The longest prompt a job may have: an instruction, not a document. cron_create refuses a
 * longer one; a longer one found in the file (written by hand, or planted) is shown and never
 * runs — it is the text of a turn nobody typed, sent whole every time it fires.
 */
export const MAX_CRON_PROMPT_CHARS = 4_000;

const epochMs = z.number().int().nonnegative();

/** One task's shape, its `cron` checked by `cron`. */
const jobSchema = (cron: z.ZodString) =>
  z.looseObject({
    id: z.string().min(1),
    cron,
    prompt: z.string().min(1),
    createdAt: epochMs,
    /** `true`: fires at every match; absent (or `false`): once. */
    recurring: z.boolean().optional(),
    lastFiredAt: epochMs.optional(),
  });

export type CronJob = z.output<ReturnType<typeof jobSchema>>;

/** The file's shape: each task is checked on its own (parseTasks), so one bad task costs only itself. */
export const CronFileSchema = z.looseObject({ tasks: z.array(z.unknown()), nextId: z.number().int().positive().optional() });

export type CronFile = z.output<typeof CronFileSchema>;

/** The keys of a task, and of the file, that this course reads; any other is kept, and reported as ignored. */
export const TASK_KEYS = new Set(["id", "cron", "prompt", "createdAt", "recurring", "lastFiredAt"]);
export const FILE_KEYS = new Set(["tasks", "nextId"]);

/** A task of the file that does not run, as it is written, and why ("task 2: cron: …", counted from 1). */
export interface SkippedTask {
  raw: unknown;
  why: string;
}

/**
 * The file's reading and writing, with `readCron` saying what an expression means: a task whose
 * expression does not read is skipped (never fired, reported, kept in the file).
 */
export function scheduledTasksFormat(readCron: ReadCron) {
  const CronJobSchema = jobSchema(
    z.string().superRefine((expr, ctx) => {
      const parsed = readCron(expr);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
    }),
  );

  /** Why `raw` is not a task that can run, or its job. The same rule Claude Code has, said in words. */
  function parseTask(raw: unknown, seen: ReadonlySet<string>): { job: CronJob } | { why: string } {
    const checked = CronJobSchema.safeParse(raw);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const message = issue.message.replace(/\.$/, ""); // the reasons are joined into one sentence
      return { why: issue.path.length ? `${issue.path.join(".")}: ${message}` : message };
    }
    if (seen.has(checked.data.id)) return { why: `${checked.data.id} is the id of an earlier task` };
    return { job: checked.data };
  }

  /** The file's tasks that can run, in order, and the ones skipped, each with its reason. */
  function parseTasks(file: CronFile): { jobs: CronJob[]; skipped: SkippedTask[] } {
    const jobs: CronJob[] = [];
    const skipped: SkippedTask[] = [];
    const seen = new Set<string>();
    file.tasks.forEach((raw, index) => {
      const parsed = parseTask(raw, seen);
      if ("job" in parsed) {
        jobs.push(parsed.job);
        seen.add(parsed.job.id);
      } else skipped.push({ raw, why: `task ${index + 1}: ${parsed.why}` });
    });
    return { jobs, skipped };
  }

  /**
   * The file with its runnable tasks replaced by `jobs` (kept, changed, removed or added), each
   * in its place, and every skipped task left where it was, as it was: a task this course
   * cannot run is not its to drop. New jobs go last.
   */
  function withJobs(file: CronFile, jobs: readonly CronJob[]): CronFile {
    const skipped = new Set(parseTasks(file).skipped.map((s) => s.raw));
    const byId = new Map(jobs.map((job) => [job.id, job]));
    const tasks = file.tasks.flatMap((raw) => {
      if (skipped.has(raw)) return [raw];
      const job = byId.get((raw as CronJob).id);
      byId.delete((raw as CronJob).id);
      return job ? [job] : [];
    });
    return { ...file, tasks: [...tasks, ...byId.values()] };
  }

  /** When `job` runs next: the first run after it last fired (or was created). Undefined if it never can. */
  function nextRunOf(job: CronJob): number | undefined {
    const parsed = readCron(job.cron);
    return parsed.ok ? parsed.next(job.lastFiredAt ?? job.createdAt) : undefined;
  }

  /**
   * The number for a new job's id: `nextId`, or past every `cron-N` already in the file if a
   * hand edit left `nextId` behind (or out), so a new job never takes an id in use.
   */
  function nextNumber(file: CronFile): number {
    const used = parseTasks(file).jobs.map((job) => /^cron-(\d+)$/.exec(job.id)).map((m) => (m ? Number(m[1]) : 0));
    return Math.max(file.nextId ?? 1, ...used.map((n) => n + 1));
  }

  return { CronJobSchema, parseTasks, withJobs, nextRunOf, nextNumber };
}

/** A recurring job stops this long after it was made; a one-shot waits for its run. */
export function expiresAt(job: CronJob): number | undefined {
  return job.recurring ? job.createdAt + CRON_MAX_AGE_MS : undefined;
}

/** Why `job` never runs because of its prompt's size, or undefined when the size is fine. */
export function promptTooLong(job: { prompt: string }): string | undefined {
  const n = job.prompt.length;
  return n > MAX_CRON_PROMPT_CHARS ? `its prompt is ${n} characters, over the ${MAX_CRON_PROMPT_CHARS} a scheduled prompt may have` : undefined;
}

/**
 * What makes a job the job it is — all but `lastFiredAt`, which only the scheduler changes. A
 * job the user saw (or this session made) is recognised by it: the same id with another prompt
 * (the file edited since) is a job nobody saw.
 */
export function jobKey(job: CronJob): string {
  return JSON.stringify([job.id, job.cron, job.prompt, job.recurring === true, job.createdAt]);
}
