/**
 * Cron expressions as the model writes them: the next run of good ones from a fixed moment
 * (in local time, so these hold in any time zone), and a clear message for bad ones.
 */
import { describe, expect, it } from "vitest";
import { parseCron } from "../src/cron/index.ts";

/** Epoch ms of a local time. */
const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();
// Thursday 1 January 2026, 08:02:30 local time.
const from = local(2026, 1, 1, 8, 2, 30);

function nextOf(expr: string, after = from): number | undefined {
  const parsed = parseCron(expr);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.next(after);
}

describe("parseCron", () => {
  it.each([
    ["*/5 * * * *", local(2026, 1, 1, 8, 5)],
    ["* * * * *", local(2026, 1, 1, 8, 3)],
    ["0 9 * * 1-5", local(2026, 1, 1, 9, 0)],
    ["0 9 * * SAT", local(2026, 1, 3, 9, 0)],
    ["30 14 15 3 *", local(2026, 3, 15, 14, 30)],
    ["0 0 29 2 *", local(2028, 2, 29)], // the next leap day
    // Day of month OR day of week, as in standard cron: the 10th, or any Monday (5 January).
    ["0 12 10 * 1", local(2026, 1, 5, 12, 0)],
    ["  0   9 * * *  ", local(2026, 1, 1, 9, 0)], // spaces around and between fields are fine
  ])("%j next runs at the expected local time", (expr, expected) => {
    expect(nextOf(expr)).toBe(expected);
  });

  it("the next run is strictly after the moment given", () => {
    expect(nextOf("0 9 * * *", local(2026, 1, 1, 9, 0))).toBe(local(2026, 1, 2, 9, 0));
    expect(nextOf("0 9 * * *", local(2026, 1, 1, 8, 59, 59))).toBe(local(2026, 1, 1, 9, 0));
  });

  it("an expression no date matches parses, and has no next run", () => {
    expect(nextOf("0 0 30 2 *")).toBeUndefined();
  });

  const guidance = 'Use five fields: minute hour day-of-month month day-of-week (e.g. "*/5 * * * *", "0 9 * * 1-5").';
  it.each([
    ["61 * * * *", "Invalid value for minute: 61"],
    ["* 24 * * *", "Invalid value for hour: 24"],
    ["* * * *", "it has 4 fields, not 5"],
    ["0 * * * * *", "it has 6 fields, not 5"],
    ["@daily", "nicknames like @daily are not accepted"],
    ["a b c d e", "contains illegal characters"],
    ["", "it is empty"],
  ])("%j is refused: %s", (expr, why) => {
    const parsed = parseCron(expr);
    expect(parsed.ok).toBe(false);
    const error = (parsed as { error: string }).error;
    expect(error.startsWith(`"${expr}" is not a valid cron expression: `)).toBe(true);
    expect(error).toContain(why);
    expect(error.endsWith(guidance)).toBe(true);
  });

  it("says exactly what is wrong with a minute out of range", () => {
    expect(parseCron("61 * * * *")).toEqual({ ok: false, error: `"61 * * * *" is not a valid cron expression: Invalid value for minute: 61. ${guidance}` });
  });
});
