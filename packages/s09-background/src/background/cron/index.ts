/** Cron: prompts scheduled by a five-field cron expression, kept in .claude/scheduled_tasks.json, submitted as turns when due. */
export { systemClock, scaledClock, type Clock } from "./clock.ts";
export { parseCron, type ParsedCron } from "./expression.ts";
// scheduled_tasks.json is read in @learn/claude-code-files; job-file.ts gives it this lesson's cron expressions.
export { CRON_FILE, CRON_MAX_AGE_MS, MAX_CRON_JOBS, MAX_CRON_PROMPT_CHARS, CronJobSchema, CronFileSchema } from "./job-file.ts";
export { nextRunOf, expiresAt, jobKey, promptTooLong, type CronJob, type CronFile } from "./job-file.ts";
export { CronStore, type CreateCronInput, type CronClaim, type MayFire } from "./store.ts";
export { CronConsent } from "./consent.ts";
export { checkScheduledTasks } from "./check.ts";
export { CronScheduler, type CronSchedulerOptions } from "./scheduler.ts";
export { describeCronJob, describeCronJobs, formatLocalTime } from "./describe.ts";
export {
  cronTools,
  cronCreateTool,
  cronDeleteTool,
  cronListTool,
  cronReport,
  CRON_CREATE_TOOL,
  CRON_DELETE_TOOL,
  CRON_LIST_TOOL,
} from "./tools.ts";
