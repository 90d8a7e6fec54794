/**
 * The scheduler's clock. Cron counts in whole minutes, so a job "at the next minute" can keep
 * you waiting up to sixty seconds — too long for an offline demo. `--time-scale 60` (or
 * LEARN_TIME_SCALE) runs the scheduler's clock sixty times faster: a minute a second. The
 * offline demo runs so; with a real model the clock is the real one unless you ask.
 * Nothing else is sped up: jobs, timeouts and the model run in real time.
 */
import { ConfigError, type LessonFlag } from "@learn/core/harness";
import { z } from "zod";
import { scaledClock, systemClock, type Clock } from "./clock.ts";

export const TIME_SCALE_FLAG = "time-scale";
export const TIME_SCALE_ENV = "LEARN_TIME_SCALE";

export const timeScaleFlag: LessonFlag = {
  name: TIME_SCALE_FLAG,
  env: TIME_SCALE_ENV,
  description: "run the cron scheduler's clock this many times faster (the offline demo: 60, a minute a second)",
};

const scale = z.coerce.number().positive().max(3600);

/** The clock the flags ask for (the command line has already merged the environment variable in). */
export function clockFor(flags: Record<string, string | undefined>): Clock {
  const raw = flags[TIME_SCALE_FLAG];
  if (raw === undefined) return systemClock;
  const parsed = scale.safeParse(raw.trim() === "" ? Number.NaN : raw);
  if (!parsed.success) {
    throw new ConfigError(`--${TIME_SCALE_FLAG} (or ${TIME_SCALE_ENV}) must be a number above 0 and at most 3600 (e.g. 60: a minute a second), not "${raw}"`);
  }
  return parsed.data === 1 ? systemClock : scaledClock(parsed.data);
}
