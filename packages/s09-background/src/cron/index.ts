/**
 * Cron: prompts scheduled by a five-field cron expression, kept for this session or in
 * .claude/scheduled_tasks.json, submitted as turns of their own when due.
 *
 *   tools     cron_create, cron_delete, cron_list (granted: a durable job writes .claude/, and
 *             that is asked)
 *   section   when to schedule, and when to make a job durable
 *   command   /jobs gains the scheduled prompts
 *   start     with the running agent: the scheduler ticks and submits what is due
 *   working   `--print` and the demo wait for a one-shot due within a minute
 *   close     first of all: the scheduler stops
 *
 * The cron tools are granted, like the task tools (plan mode still refuses them), for jobs of
 * this session only, which write nothing. A durable job is a write to .claude/ — the agent's
 * own configuration, which s03 lets no rule or grant approve — and says so: a person is asked.
 * What a scheduled prompt does later is judged when it runs, and a job on disk that this
 * session did not make is shown before it can fire, never fired without a terminal (consent.ts).
 */
import type { Mechanism } from "@learn/core";
import { checkScheduledTasks } from "./check.ts";
import { CronConsent } from "./consent.ts";
import { CRON_GUIDANCE } from "./prompt.ts";
import { withScheduledPrompts } from "./scheduled-prompts.ts";
import { CronScheduler } from "./scheduler.ts";
import { CronStore } from "./store.ts";
import { clockFor, TIME_SCALE_FLAG, timeScaleFlag } from "./time-scale.ts";
import { CRON_CREATE_TOOL, CRON_DELETE_TOOL, cronTools } from "./tools.ts";

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
export { cronTools, cronCreateTool, cronDeleteTool, cronListTool, cronReport, CRON_CREATE_TOOL, CRON_DELETE_TOOL, CRON_LIST_TOOL } from "./tools.ts";
export { CRON_GUIDANCE } from "./prompt.ts";
export { clockFor, TIME_SCALE_ENV, TIME_SCALE_FLAG } from "./time-scale.ts";

/** `--print` and the demo wait for a one-shot cron job due this soon (clock time), never longer. */
export const CRON_WAIT_MS = 60_000;

/** Why the cron tools need no question. */
const CRON_GRANT = "lesson 9: the cron tools, for jobs of this session (a durable job writes .claude/: asked)";

/** The last of lesson 9, for the lead only: a scheduled prompt is a turn of the session, and a subagent has none of its own. */
export const cron: Mechanism = {
  name: "cron",
  for: ["lead"],
  grants: [{ rules: [CRON_CREATE_TOOL, CRON_DELETE_TOOL], source: CRON_GRANT }],
  flags: [timeScaleFlag],
  // Offline, a job "at the next minute" fires within a second: no demo waits a minute.
  offlineFlags: { [TIME_SCALE_FLAG]: "60" },
  checkConfig: checkScheduledTasks,
  async add(parts, { options }) {
    const clock = clockFor(options.flags);
    const store = new CronStore(options.cwd);
    let scheduler: CronScheduler | undefined;
    // Jobs already on disk were made by another session, or planted: say so before anything runs.
    const consent = new CronConsent(store, options.interactive);
    const found = consent.unseen((await store.list()).jobs);
    if (found.length > 0) options.renderer.notice(consent.describe(found, clock));
    return {
      ...parts,
      tools: [...parts.tools, ...cronTools(store, clock)],
      sections: [...parts.sections, { name: "cron", text: CRON_GUIDANCE, tools: [CRON_CREATE_TOOL] }],
      commands: withScheduledPrompts(parts.commands, store, clock),
      working: [...parts.working, () => cronWorking(scheduler)],
      start: [
        ...parts.start,
        (agent) => {
          const notice = (text: string) => options.renderer.notice(text);
          scheduler = new CronScheduler({ store, consent, clock, notice, submit: (prompt, o) => agent.submit(prompt, { source: o.source }) });
          scheduler.start();
          // A turn may have made a job: look again at once, so `--print` waits for a one-shot it just
          // made — and, the file read, let `--print` look again, so it answers without a poll's delay.
          agent.onIdle(() => void scheduler?.refresh().finally(() => agent.wake()));
        },
      ],
      // Before anything else winds down (the jobs being stopped, the session's end hooks): no
      // scheduled prompt may be claimed for a session that is ending.
      close: [() => scheduler?.stop(), ...parts.close],
    };
  },
};

/** The scheduler is reading the file, or a one-shot job fires within a minute: `--print` waits for it. */
function cronWorking(scheduler: CronScheduler | undefined): boolean {
  return scheduler !== undefined && (scheduler.looking || scheduler.dueWithin(CRON_WAIT_MS));
}
