/**
 * The cron tools (Claude Code's CronCreate, CronDelete and CronList): how the model asks to
 * be woken later — a reminder, a periodic check — instead of waiting in a turn. A job is a
 * cron expression and a prompt; when it comes due, the scheduler submits the prompt as a turn
 * of its own.
 *
 * A job is this session's only unless the model asks for `durable: true` (Claude Code's
 * default too). A session-only job writes nothing: granted like the task tools. A durable job
 * is written to .claude/scheduled_tasks.json and runs in later sessions, as turns nobody there
 * typed — so cron_create (and cron_delete of such a job) declares that write to the permission
 * policy (`permission.subject`), where `Edit(.claude/**)` rules govern it and no grant approves a
 * change to .claude/ (s03): a person is asked. Plan mode refuses both (they are `mutating`).
 */
import { defineTool, type Tool } from "@learn/core";
import { z } from "zod";
import type { Clock } from "./clock.ts";
import { describeCronJobs, formatLocalTime, oneLine } from "./describe.ts";
import { CRON_FILE, MAX_CRON_PROMPT_CHARS, nextRunOf } from "./job-file.ts";
import type { CronStore } from "./store.ts";

export const CRON_CREATE_TOOL = "cron_create";
export const CRON_DELETE_TOOL = "cron_delete";
export const CRON_LIST_TOOL = "cron_list";

const CreateInput = z.object({
  cron: z.string().describe('Five fields, local time: minute hour day-of-month month day-of-week, e.g. "*/5 * * * *", "0 9 * * 1-5".'),
  prompt: z
    .string()
    .max(MAX_CRON_PROMPT_CHARS, `at most ${MAX_CRON_PROMPT_CHARS} characters: say what to do in a few sentences, and point to a file for the details`)
    .describe("What to do when it fires: a whole instruction, since it runs as a new turn."),
  recurring: z.boolean().default(true).describe("true (default): at every match, for up to 7 days. false: once, at the next match."),
  durable: z
    .boolean()
    .default(false)
    .describe(`false (default): for this session only, gone when it ends. true: kept in ${CRON_FILE} for later sessions too (the user is asked). Only when the user asks for it to outlive the session.`),
});

/** A durable job is a write to the agent's own configuration: declared, so the policy judges it. */
const FILE_WRITE = { writes: [CRON_FILE] };

export function cronCreateTool(store: CronStore, clock: Clock): Tool {
  return defineTool({
    name: CRON_CREATE_TOOL,
    description:
      "Schedule a prompt to run later, as a turn of its own when the agent is idle: a reminder " +
      '("at 14:30, check whether the deploy finished") or a periodic check ("every weekday at 9, summarise new issues"). ' +
      "`cron` is a standard five-field cron expression in local time: minute hour day-of-month month day-of-week, " +
      'e.g. "*/5 * * * *" (every 5 minutes), "0 9 * * 1-5" (09:00 on weekdays), "30 14 * * *" (14:30 every day). ' +
      "recurring: true (the default) fires at every match and expires after 7 days; recurring: false fires once, " +
      "at the next match, and is then deleted. The result says when it runs next: check that it is the time you meant. " +
      `A job lasts as long as this session, unless durable: true keeps it in ${CRON_FILE} for later sessions.`,
    input: CreateInput,
    permission: { mutating: true, subject: ({ durable }) => (durable ? FILE_WRITE : {}) },
    summary: ({ cron, recurring, durable }) => `${cron} ${recurring ? "recurring" : "once"}${durable ? " durable" : ""}`,
    async run({ cron, prompt, recurring, durable }) {
      const job = await store.create({ cron, prompt, recurring, durable }, clock.now());
      const kind = recurring ? "recurring (it expires after 7 days)" : "once (it is deleted after it fires)";
      const next = formatLocalTime(nextRunOf(job)!); // create refuses an expression that never runs
      const kept = durable ? `kept in ${CRON_FILE}, for later sessions too` : "for this session only";
      return `Scheduled ${job.id}: "${job.cron}", ${kind}, ${kept}; next run ${next} (local time). When it fires, its prompt runs as a turn of its own.`;
    },
  });
}

export function cronDeleteTool(store: CronStore): Tool {
  return defineTool({
    name: CRON_DELETE_TOOL,
    description: "Cancel a scheduled job by its id (cron_list shows them). A deleted job's id is never reused.",
    input: z.object({ id: z.string().describe("The job's id, e.g. session-1 or cron-1.") }),
    permission: { mutating: true, subject: ({ id }) => (store.hasSessionJob(id) ? {} : FILE_WRITE) },
    // Deleting a job of this session writes nothing; any other id is looked for in the file.
    summary: ({ id }) => id,
    async run({ id }) {
      const job = await store.delete(id);
      return `Deleted ${job.id}: "${job.cron}" · ${oneLine(job.prompt)}`;
    },
  });
}

export function cronListTool(store: CronStore, clock: Clock): Tool {
  return defineTool({
    name: CRON_LIST_TOOL,
    description: "List the scheduled jobs: id, cron expression, once or recurring (and when it expires), next run in local time, prompt.",
    input: z.object({}),
    permission: { mutating: false },
    concurrencySafe: true,
    async run() {
      const { jobs, problem } = await store.list();
      return describeCronJobs(jobs, clock, problem);
    },
  });
}

/** The three cron tools over one store: create, delete, list. */
export function cronTools(store: CronStore, clock: Clock): Tool[] {
  return [cronCreateTool(store, clock), cronDeleteTool(store), cronListTool(store, clock)];
}

/** The scheduled jobs for a person (the `/jobs` command): where they are kept, then one line each. */
export async function cronReport(store: CronStore, clock: Clock): Promise<string> {
  const { jobs, problem } = await store.list();
  const where = `session-N: this session only; cron-N: in ${CRON_FILE}`;
  if (jobs.length === 0) return problem ? `Scheduled jobs: ${problem}` : `No scheduled jobs (${where}).`;
  return [`Scheduled jobs (${where}):`, ...describeCronJobs(jobs, clock, problem).split("\n").map((line) => `  ${line}`)].join("\n");
}
