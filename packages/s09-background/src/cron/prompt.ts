/** What the model is told about scheduling: a prompt for later, and when to make it durable. */
export const CRON_GUIDANCE =
  "To do something later or regularly, schedule a prompt with cron_create (a 5-field cron expression, local time): " +
  "when it is due, the prompt runs as a turn of its own. One-shot jobs (recurring: false) are deleted after they fire; " +
  "recurring jobs expire after 7 days. A job lasts as long as this session; use durable: true only when the user asks for it to " +
  "run in later sessions too.";
