/**
 * The scheduler's sense of "now", as a value it is given rather than a call to Date.now().
 *
 * Cron works in minutes: a job due "at the next minute" may be 59 seconds away. Tests cannot
 * wait that long (and must not depend on timing at all), so they pass a manual clock they
 * move by hand. The offline demo runs the scheduler on `scaledClock(60)`: one real second is
 * one minute of clock time, so a job due at the next minute fires within about a second and
 * the demo shows it without a pause. The agent itself keeps real time; only the scheduler's
 * idea of which minute it is runs fast.
 */

export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
}

/** Real time. */
export const systemClock: Clock = { now: () => Date.now() };

/** Time that passes `scale` times faster than real time, counted from `start` (which it reads at first). */
export function scaledClock(scale: number, start = Date.now()): Clock {
  return { now: () => start + (Date.now() - start) * scale };
}
