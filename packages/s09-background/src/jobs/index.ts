/**
 * Background jobs: a command runs as a child process, its output streams to
 * .runtime-tasks/<id>.log, and its result comes back when it ends — through lesson 9's
 * notifications, the mechanism before this one.
 *
 *   tools     background_run (declares its command: the permission policy judges it as it
 *             judges bash), check_background
 *   section   when to use background_run, and when bash
 *   command   /jobs
 *   working   `--print` and the demo wait for a running job
 *   close     on exit, running jobs are stopped and named on screen
 */
import type { Mechanism, Renderer } from "@learn/core";
import { notificationsOf, type Notifications } from "../notifications/index.ts";
import { describeJob, readFinishedNote } from "./describe.ts";
import type { Job } from "./job.ts";
import { JobManager } from "./job-manager.ts";
import { jobsCommand } from "./jobs-command.ts";
import { BACKGROUND_GUIDANCE } from "./prompt.ts";
import { BACKGROUND_RUN_TOOL, backgroundRunTool, checkBackgroundTool } from "./tools.ts";

export { RUNTIME_DIR, DEFAULT_JOB_TIMEOUT_MS, MAX_JOB_TIMEOUT_MS, MAX_LOG_BYTES, type Job, type JobStatus } from "./job.ts";
export { claimLog, LogWriter, tailOf, type ClaimedLog, type LogWriterOptions } from "./log-file.ts";
export { JobManager, type JobManagerOptions, type StartJobOptions } from "./job-manager.ts";
export { describeJob, finishedNote, readFinishedNote, endLine, tailSection, seconds, shortCommand, NOTE_TAIL_CHARS, STOPPED_AT_EXIT_LINE } from "./describe.ts";
export { backgroundRunTool, checkBackgroundTool, jobsReport, BACKGROUND_RUN_TOOL, CHECK_BACKGROUND_TOOL, CHECK_TAIL_CHARS, NO_JOBS } from "./tools.ts";
export { BACKGROUND_GUIDANCE } from "./prompt.ts";

/** What lesson 9 adds next, to the lead: a job would outlive a subagent waiting for it. */
export const backgroundJobs: Mechanism = {
  name: "background jobs",
  for: ["lead"],
  add(parts, { options }) {
    const queue = notificationsOf(parts, "background jobs");
    const jobs = new JobManager({ workspace: options.cwd, onFinish: (job) => finished(job, queue, options.renderer) });
    return {
      ...parts,
      tools: [...parts.tools, backgroundRunTool(jobs), checkBackgroundTool(jobs)],
      sections: [...parts.sections, { name: "background", text: BACKGROUND_GUIDANCE, tools: [BACKGROUND_RUN_TOOL] }],
      commands: [...parts.commands, jobsCommand(jobs)],
      working: [...parts.working, () => jobs.running().length > 0],
      close: [
        ...parts.close,
        async () => {
          for (const job of await jobs.stopAll()) options.renderer.notice(`Stopped background job ${job.id} (${job.command}): the session ended.`);
        },
      ],
    };
  },
};

/** A job ended: say so on screen, and queue its note for the model (its output read from the log). */
async function finished(job: Job, queue: Notifications, renderer: Renderer): Promise<void> {
  if (job.status === "killed") return; // stopped at exit: `close` names it, and no turn will read a note
  renderer.notice(`Background ${describeJob(job)}`);
  await queue.pushWhenReady(`background job ${job.id}`, () => readFinishedNote(job));
}
