/**
 * A job as one line, the same for the model (cron_list), for a person (/jobs) and in a
 * notice:
 *
 *   cron-1 · 0 9 * * 1-5 · recurring, expires 2026-01-08 09:00:00 · next 2026-01-02 09:00:00 · Summarise yesterday's commits
 *   cron-2 · 30 14 * * * · once · next 2026-01-01 14:30:00 · Check whether the deploy finished
 *
 * Times are local (cron expressions are) and always `YYYY-MM-DD HH:MM:SS`: one shape a
 * person reads at a glance, the model cannot misread as UTC, and the docs' recorder can mask.
 */
import type { Clock } from "./clock.ts";
import { expiresAt, nextRunOf, promptTooLong, type CronJob } from "./job-file.ts";

/** The longest prompt shown in a line; the whole prompt is in the file. */
const PROMPT_CHARS = 80;

/** `2026-01-02 09:00:00`, local time. */
export function formatLocalTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** A prompt on one line, cut to 80 characters. */
export function oneLine(prompt: string): string {
  const flat = prompt.replace(/\s+/g, " ").trim();
  return flat.length > PROMPT_CHARS ? `${flat.slice(0, PROMPT_CHARS - 1)}…` : flat;
}

/** When the job runs next, as shown: a time, "due now" (the next tick fires it) or "never" (and why, for a prompt too long). */
function nextText(job: CronJob, clock: Clock): string {
  const tooLong = promptTooLong(job);
  if (tooLong) return `never (${tooLong})`;
  const next = nextRunOf(job);
  if (next === undefined) return "never";
  return next <= clock.now() ? "due now" : formatLocalTime(next);
}

export function describeCronJob(job: CronJob, clock: Clock): string {
  const expires = expiresAt(job);
  const kind = expires === undefined ? "once" : `recurring, expires ${formatLocalTime(expires)}`;
  return `${job.id} · ${job.cron} · ${kind} · next ${nextText(job, clock)} · ${oneLine(job.prompt)}`;
}

/** Every job, one line each, then why the file cannot be read; or that there are none. */
export function describeCronJobs(jobs: readonly CronJob[], clock: Clock, problem?: string): string {
  // A broken file lists none of its jobs, but "no jobs" would not be true: the problem is said instead.
  const lines = [...jobs.map((job) => describeCronJob(job, clock)), ...(problem ? [problem] : [])];
  return lines.length ? lines.join("\n") : "No scheduled jobs.";
}
