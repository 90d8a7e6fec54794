/** Background jobs: a command runs as a child process, its output streams to .runtime-tasks/<id>.log, and its result comes back when it ends. */
export {
  RUNTIME_DIR,
  DEFAULT_JOB_TIMEOUT_MS,
  MAX_JOB_TIMEOUT_MS,
  MAX_LOG_BYTES,
  type Job,
  type JobStatus,
} from "./job.ts";
export { claimLog, LogWriter, tailOf, type ClaimedLog, type LogWriterOptions } from "./log-file.ts";
export { JobManager, type JobManagerOptions, type StartJobOptions } from "./job-manager.ts";
export {
  describeJob,
  finishedNote,
  readFinishedNote,
  endLine,
  tailSection,
  seconds,
  shortCommand,
  NOTE_TAIL_CHARS,
  STOPPED_AT_EXIT_LINE,
} from "./describe.ts";
export {
  backgroundRunTool,
  checkBackgroundTool,
  jobsReport,
  BACKGROUND_RUN_TOOL,
  CHECK_BACKGROUND_TOOL,
  CHECK_TAIL_CHARS,
  NO_JOBS,
} from "./tools.ts";
