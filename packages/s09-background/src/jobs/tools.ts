/**
 * The model's side of background jobs: start one (background_run) and look in on them
 * (check_background). background_run declares the command it runs (`permission.subject`), so the
 * permission policy judges it exactly as it judges bash — the same Bash(...) rules, the same
 * refuse-list: running a command later is no way around a rule about running it now.
 *
 * The model does not poll for the result: when a job ends, its note arrives by itself in the
 * next request. check_background is for a look at a job's progress meanwhile.
 */
import { defineTool, ToolError, type Tool } from "@learn/core";
import { z } from "zod";
import { describeJob, tailSection } from "./describe.ts";
import { DEFAULT_JOB_TIMEOUT_MS, MAX_JOB_TIMEOUT_MS } from "./job.ts";
import type { JobManager } from "./job-manager.ts";
import { tailOf } from "./log-file.ts";

export const BACKGROUND_RUN_TOOL = "background_run";
export const CHECK_BACKGROUND_TOOL = "check_background";
/** How much of a log check_background shows. */
export const CHECK_TAIL_CHARS = 4_000;
export const NO_JOBS = "No background jobs in this session.";

const MAX_SECONDS = MAX_JOB_TIMEOUT_MS / 1000;

const RunInput = z.object({
  command: z.string().min(1, "command must not be empty").describe("The shell command to run in the background, e.g. `npm test`."),
  timeout: z
    .number()
    .positive("timeout is in seconds and must be more than 0")
    .max(MAX_SECONDS, `timeout is at most ${MAX_SECONDS} seconds`)
    .default(DEFAULT_JOB_TIMEOUT_MS / 1000)
    .describe(`Seconds before the job is killed (default ${DEFAULT_JOB_TIMEOUT_MS / 1000}, at most ${MAX_SECONDS}).`),
});

const CheckInput = z.object({
  id: z.string().optional().describe("A job id such as job-1; without it, every job of this session."),
});

export function backgroundRunTool(manager: JobManager): Tool {
  return defineTool({
    name: BACKGROUND_RUN_TOOL,
    description:
      "Start a shell command in the background and return at once, for slow work you need not wait for: " +
      "a test suite, a build, an install, a server. Its output goes to a log file. " +
      "When it finishes, its result arrives by itself in a <background-results> block: keep working meanwhile, do not poll. " +
      "Not for interactive commands (nothing can answer their prompts) or quick ones (use bash).",
    input: RunInput,
    permission: { mutating: true, subject: ({ command }) => ({ commands: [command] }) },
    concurrencySafe: false,
    summary: ({ command }) => command,
    async run({ command, timeout }, ctx) {
      const job = await manager.start(command, { cwd: ctx.cwd, timeoutMs: timeout * 1000 });
      return (
        `Started ${job.id} in the background: ${command} (times out after ${timeout}s). ` +
        `Its output streams to ${job.logPath}. ` +
        "You will get its result in a <background-results> block when it finishes: keep working meanwhile; " +
        `${CHECK_BACKGROUND_TOOL} shows its progress.`
      );
    },
  });
}

export function checkBackgroundTool(manager: JobManager): Tool {
  return defineTool({
    name: CHECK_BACKGROUND_TOOL,
    description:
      "Show the background jobs of this session (status, time, command), or one job with the end of its log so far. " +
      "You need not call it to get a result: finished jobs report by themselves.",
    input: CheckInput,
    permission: { mutating: false },
    concurrencySafe: true,
    summary: ({ id }) => id ?? "all jobs",
    async run({ id }) {
      if (id === undefined) return jobsReport(manager);
      const job = manager.get(id);
      if (!job) {
        const ids = manager.list().map((j) => j.id);
        throw new ToolError(`No background job ${id}. Jobs in this session: ${ids.length ? ids.join(", ") : "none"}.`);
      }
      const tail = await tailOf(job.log, CHECK_TAIL_CHARS + 1).catch((err: Error) => {
        throw new ToolError(`${describeJob(job)}\nIts log ${job.logPath} cannot be read: ${err.message}`);
      });
      const empty = job.status === "running" ? "(no output yet)" : "(no output)";
      return [describeJob(job), tailSection(tail, CHECK_TAIL_CHARS, empty), `Full log: ${job.logPath}`].join("\n");
    },
  });
}

/** Every job of the session, one line each: check_background without an id, and /jobs. */
export function jobsReport(manager: JobManager): string {
  const jobs = manager.list();
  if (jobs.length === 0) return NO_JOBS;
  const now = Date.now();
  return jobs.map((job) => describeJob(job, now)).join("\n");
}
