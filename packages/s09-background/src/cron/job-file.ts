/**
 * `.claude/scheduled_tasks.json`, read and written as Claude Code does (@learn/claude-code-files),
 * with this lesson's cron expressions (expression.ts) saying when each job runs.
 */
import { scheduledTasksFormat } from "@learn/claude-code-files";
import { parseCron } from "./expression.ts";

export { CRON_FILE, CRON_MAX_AGE_MS, MAX_CRON_JOBS, MAX_CRON_PROMPT_CHARS, CronFileSchema, TASK_KEYS, FILE_KEYS } from "@learn/claude-code-files";
export { expiresAt, jobKey, promptTooLong, type CronJob, type CronFile, type SkippedTask } from "@learn/claude-code-files";

export const { CronJobSchema, parseTasks, withJobs, nextRunOf, nextNumber } = scheduledTasksFormat(parseCron);
