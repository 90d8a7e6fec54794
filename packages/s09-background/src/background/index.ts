/**
 * Background work added to an agent's parts: jobs that run while the model goes on, their
 * results delivered by themselves, and prompts scheduled for later.
 *
 *   tools     background_run, check_background, cron_create, cron_delete, cron_list;
 *             s05's task gets run_in_background (subagents/): a child's report arrives later
 *   hooks     UserPromptSubmit (a wake turn with nothing left to say is dropped),
 *             PreModel (pending results join the request about to be sent)
 *   wrapper   a model call that succeeded was sent them (until then they are in flight)
 *   start     with the running agent: results that arrive while it is idle wake it; the
 *             scheduler ticks and submits what is due
 *   working   `--print` and the demo wait for running jobs, background subagents, and a one-shot due within a minute
 *   close     on exit: the scheduler stops, running jobs and background subagents are stopped and named on screen
 *
 * background_run declares its command, so the permission policy judges it as it judges bash.
 * The cron tools are granted, like the task tools (plan mode still refuses them), for jobs of
 * this session only, which write nothing. A durable job is a write to .claude/ — the agent's
 * own configuration, which s03 lets no rule or grant approve — and says so: a person is asked.
 * What a scheduled prompt does later is judged when it runs, and a job on disk that this
 * session did not make is shown before it can fire, never fired without a terminal (consent.ts).
 */
import { defineHook, type AgentOptions, type Mechanism, type Renderer } from "@learn/core";
import type { LessonFlag } from "@learn/core/harness";
import { checkScheduledTasks, CRON_CREATE_TOOL, CRON_DELETE_TOOL, CronConsent, CronScheduler, CronStore, cronTools, type Clock } from "./cron/index.ts";
import { jobsCommand } from "./jobs-command.ts";
import { BACKGROUND_RUN_TOOL, backgroundRunTool, checkBackgroundTool, describeJob, JobManager, readFinishedNote, type Job } from "./jobs/index.ts";
import { Notifications } from "./notifications/index.ts";
import { BackgroundChildren } from "./subagents/index.ts";
import { BACKGROUND_GUIDANCE, CRON_GUIDANCE } from "./prompt.ts";
import { clockFor, TIME_SCALE_FLAG, timeScaleFlag } from "./time-scale.ts";

/** `--print` and the demo wait for a one-shot cron job due this soon (clock time), never longer. */
export const CRON_WAIT_MS = 60_000;

/** Why the cron tools need no question. */
const CRON_GRANT = "lesson 9: the cron tools, for jobs of this session (a durable job writes .claude/: asked)";

/** What the background parts are made of; a test builds one to watch it from outside. */
export interface Background {
  clock: Clock;
  notifications: Notifications;
  jobs: JobManager;
  store: CronStore;
  /** Subagents started with run_in_background: true. */
  children: BackgroundChildren;
}

/** `--deliver when-idle`: a result that lands mid-turn waits for the idle agent (the offline demo). */
export const DELIVER_FLAG = "deliver";
export const DELIVER_CHOICES = ["next-call", "when-idle"] as const;

const deliverFlag: LessonFlag = {
  name: DELIVER_FLAG,
  choices: DELIVER_CHOICES,
  description: "when a finished job's result reaches the model: with the next model call (next-call, the default), or once the agent is idle (when-idle, the offline demo)",
};

export function backgroundFor(options: AgentOptions): Background {
  const notifications = new Notifications({ whenIdle: options.flags[DELIVER_FLAG] === "when-idle" });
  const jobs = new JobManager({ workspace: options.cwd, onFinish: (job) => finished(job, notifications, options.renderer) });
  const children = new BackgroundChildren(notifications, options.renderer);
  return { clock: clockFor(options.flags), notifications, jobs, store: new CronStore(options.cwd), children };
}

/**
 * The mechanism, with the background it is made of: `backgroundFor` by default; a test passes
 * its own to watch it from outside.
 */
export const backgroundMechanism = (make: (options: AgentOptions) => Background = backgroundFor): Mechanism => ({
  name: "background",
  for: ["lead"],
  // Lesson 5's task tool, with run_in_background.
  replaces: { tools: ["task"] },
  grants: [{ rules: [CRON_CREATE_TOOL, CRON_DELETE_TOOL], source: CRON_GRANT }],
  flags: [timeScaleFlag, deliverFlag],
  // Offline, a job "at the next minute" fires within a second: no demo waits a minute. And a
  // result waits for the idle agent: whether a job ends before or after the agent's other work
  // depends on the machine's speed, and a scripted model expects one order.
  offlineFlags: { [TIME_SCALE_FLAG]: "60", [DELIVER_FLAG]: "when-idle" },
  checkConfig: checkScheduledTasks,
  async add(base, { options }) {
    const background = make(options);
    const { clock, notifications, jobs, store, children } = background;
    let scheduler: CronScheduler | undefined;
    // Jobs already on disk were made by another session, or planted: say so before anything runs.
    const consent = new CronConsent(store, options.interactive);
    const found = consent.unseen((await store.list()).jobs);
    if (found.length > 0) options.renderer.notice(consent.describe(found, clock));
    return {
      ...base,
      tools: [...children.withBackground(base.tools), backgroundRunTool(jobs), checkBackgroundTool(jobs), ...cronTools(store, clock)],
      hooks: [...base.hooks, ...notifications.hooks({ wake: "background-wake", deliver: "background-results" })],
      wrappers: [...base.wrappers, notifications.delivered],
      sections: [
        ...base.sections,
        { name: "background", text: BACKGROUND_GUIDANCE, tools: [BACKGROUND_RUN_TOOL] },
        { name: "cron", text: CRON_GUIDANCE, tools: [CRON_CREATE_TOOL] },
      ],
      commands: [...base.commands, jobsCommand(jobs, store, clock)],
      onClear: [...base.onClear, () => notifications.clear()],
      working: [...base.working, () => jobs.running().length > 0 || children.size > 0 || notifications.arriving > 0 || cronWorking(scheduler)],
      start: [
        ...base.start,
        (agent) => {
          notifications.attach(agent);
          scheduler = startScheduler({ store, consent, clock }, options.renderer, (prompt, source) => agent.submit(prompt, { source }));
          // A turn may have made a job: look again at once, so `--print` waits for a one-shot it just
          // made — and, the file read, let `--print` look again, so it answers without a poll's delay.
          agent.onIdle(() => void scheduler?.refresh().finally(() => agent.wake()));
        },
      ],
      close: [
        ...base.close,
        async () => {
          scheduler?.stop();
          for (const name of children.stopAll()) options.renderer.notice(`Stopped background subagent ${name}: the session ended.`);
          for (const job of await jobs.stopAll()) options.renderer.notice(`Stopped background job ${job.id} (${job.command}): the session ended.`);
        },
      ],
    };
  },
});

/** A job ended: say so on screen, and queue its note for the model (its output read from the log). */
async function finished(job: Job, notifications: Notifications, renderer: Renderer): Promise<void> {
  if (job.status === "killed") return; // stopped at exit: `close` names it, and no turn will read a note
  renderer.notice(`Background ${describeJob(job)}`);
  await notifications.pushWhenReady(`background job ${job.id}`, () => readFinishedNote(job));
}

/** The scheduler is reading the file, or a one-shot job fires within a minute: `--print` waits for it. */
function cronWorking(scheduler: CronScheduler | undefined): boolean {
  return scheduler !== undefined && (scheduler.looking || scheduler.dueWithin(CRON_WAIT_MS));
}

function startScheduler(
  cron: { store: CronStore; consent: CronConsent; clock: Clock },
  renderer: Renderer,
  submit: (prompt: string, source: string) => void,
): CronScheduler {
  const scheduler = new CronScheduler({ ...cron, notice: (text) => renderer.notice(text), submit: (prompt, o) => submit(prompt, o.source) });
  scheduler.start();
  return scheduler;
}

/** What lesson 9 adds, to the lead only: a subagent works to one answer and ends, so nothing it started could report to it. */
export const background = backgroundMechanism();
