/**
 * The scheduled jobs of a workspace, in one file Claude Code also reads and writes:
 * `.claude/scheduled_tasks.json`.
 *
 *   { "tasks": [ { "id": "cron-1", "cron": "0 9 * * 1-5", "prompt": "Summarise yesterday's commits",
 *                  "createdAt": 1767254400000, "recurring": true, "lastFiredAt": 1767340800000 } ],
 *     "nextId": 2 }
 *
 * Times are epoch milliseconds. `lastFiredAt` is absent until a recurring job first fires (a
 * one-shot is deleted when it fires, so it never has one). `nextId` numbers the next job, so
 * an id is never given twice, even after a delete: "cron-3" always means the same job.
 *
 * The schema checks what we write and what a person wrote by hand alike: a file that breaks
 * it (an expression that is not valid, two jobs with one id) is reported with the place and
 * the rule, and left alone. Keys we do not read are kept and written back as they were.
 */
import { z } from "zod";
import { parseCron } from "./expression.ts";

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

const cronExpression = z.string().superRefine((expr, ctx) => {
  const parsed = parseCron(expr);
  if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
});

export const CronJobSchema = z.looseObject({
  id: z.string().min(1),
  cron: cronExpression,
  prompt: z.string().min(1),
  createdAt: epochMs,
  recurring: z.boolean(),
  lastFiredAt: epochMs.optional(),
});

export type CronJob = z.output<typeof CronJobSchema>;

export const CronFileSchema = z
  .looseObject({ tasks: z.array(CronJobSchema), nextId: z.number().int().positive().optional() })
  .superRefine(({ tasks }, ctx) => {
    const seen = new Set<string>();
    tasks.forEach((job, index) => {
      if (seen.has(job.id)) ctx.addIssue({ code: "custom", path: ["tasks", index, "id"], message: `${job.id} is used by two jobs` });
      seen.add(job.id);
    });
  });

export type CronFile = z.output<typeof CronFileSchema>;

/** When `job` runs next: the first run after it last fired (or was created). Undefined if it never can. */
export function nextRunOf(job: CronJob): number | undefined {
  const parsed = parseCron(job.cron);
  return parsed.ok ? parsed.next(job.lastFiredAt ?? job.createdAt) : undefined;
}

/** A recurring job stops this long after it was made; a one-shot waits for its run. */
export function expiresAt(job: CronJob): number | undefined {
  return job.recurring ? job.createdAt + CRON_MAX_AGE_MS : undefined;
}

/**
 * The number for a new job's id: `nextId`, or past every `cron-N` already in the file if a
 * hand edit left `nextId` behind (or out), so a new job never takes an id in use.
 */
export function nextNumber(file: CronFile): number {
  const used = file.tasks.map((job) => /^cron-(\d+)$/.exec(job.id)).map((m) => (m ? Number(m[1]) : 0));
  return Math.max(file.nextId ?? 1, ...used.map((n) => n + 1));
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
  return JSON.stringify([job.id, job.cron, job.prompt, job.recurring, job.createdAt]);
}
