/**
 * Cron expressions: five fields, minute hour day-of-month month day-of-week, in local time.
 *
 *     ┌──────── minute (0-59)
 *     │ ┌────── hour (0-23)
 *     │ │ ┌──── day of month (1-31)
 *     │ │ │ ┌── month (1-12 or JAN-DEC)
 *     │ │ │ │ ┌ day of week (0-6, Sunday 0, or SUN-SAT)
 *     30 * * * *        every hour at half past
 *     0 9 * * 1-5       09:00 on weekdays
 *     (a step: "every five minutes" is a star, a slash and 5 in the minute field)
 *
 * The arithmetic ("when is the next run after this moment?", with month lengths, leap years
 * and daylight saving) is the croner library's. Like standard cron, a day that matches the
 * day-of-month *or* the day-of-week field matches (croner's default; we keep it).
 *
 * The model writes these expressions, so a wrong one must come back with what is wrong and
 * how to write a right one. croner also accepts nicknames (@daily) and six-field patterns
 * with seconds; we refuse both before asking croner, so every job in the file is the
 * five-field form that Claude Code writes and a person can read.
 */
import { Cron } from "croner";

export type ParsedCron =
  /** `next(after)`: the first run strictly after `after` (epoch ms), or undefined when no date ever matches. */
  | { ok: true; next(after: number): number | undefined }
  | { ok: false; error: string };

const GUIDANCE = 'Use five fields: minute hour day-of-month month day-of-week (e.g. "*/5 * * * *", "0 9 * * 1-5").';

/** Check `expr` and, when it is valid, say when it runs. */
export function parseCron(expr: string): ParsedCron {
  const invalid = (why: string): ParsedCron => ({ ok: false, error: `"${expr}" is not a valid cron expression: ${why}. ${GUIDANCE}` });
  const fields = expr.trim().split(/\s+/).filter(Boolean);
  if (fields.length === 0) return invalid("it is empty");
  if (fields[0]!.startsWith("@")) return invalid(`nicknames like ${fields[0]} are not accepted`);
  if (fields.length !== 5) return invalid(`it has ${fields.length} ${fields.length === 1 ? "field" : "fields"}, not 5`);
  let cron: Cron;
  try {
    cron = new Cron(fields.join(" "), { paused: true, mode: "5-part" });
  } catch (err) {
    // "CronPattern: Invalid value for minute: 61" → "Invalid value for minute: 61"
    return invalid((err as Error).message.replace(/^CronPattern:\s*/, "").replace(/\.$/, ""));
  }
  return { ok: true, next: (after) => cron.nextRun(new Date(after))?.getTime() };
}
