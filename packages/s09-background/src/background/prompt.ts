/** What the model is told about background work and scheduling: when to use which tool. */
export const BACKGROUND_GUIDANCE =
  "Run slow commands (a long test suite, a build, a server) with background_run instead of bash: it returns a job id " +
  "at once and you keep working meanwhile. Do not poll or wait for it: when a job finishes, its result arrives by " +
  "itself in a <background-results> block. check_background shows a job's output so far. When you need a command's " +
  "result before you can do anything else, use bash.";

export const CRON_GUIDANCE =
  "To do something later or regularly, schedule a prompt with cron_create (a 5-field cron expression, local time): " +
  "when it is due, the prompt runs as a turn of its own. One-shot jobs (recurring: false) are deleted after they fire; " +
  "recurring jobs expire after 7 days. A job lasts as long as this session; use durable: true only when the user asks for it to " +
  "run in later sessions too.";
