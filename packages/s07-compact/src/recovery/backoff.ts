/**
 * How long to wait before trying again, and the wait itself.
 *
 * Exponential backoff with full jitter: before retry n the ceiling is base·2^(n-1), capped,
 * and the wait is a random point between 0 and that ceiling. The randomness matters when
 * many clients failed together (an overloaded API): waits spread out instead of all coming
 * back at the same instant and overloading it again. When the server says how long to wait
 * (`retry-after-ms`, or `retry-after` in seconds), that wins: it knows better than our guess.
 *
 * Both the clock and the dice are injectable (`sleep`, `random`), so a test records the
 * waits instead of spending them. Every wait honours the turn's signal: Ctrl-C ends it at once.
 */

/** The first retry waits up to this long. */
export const BACKOFF_BASE_MS = 500;
/** No computed wait is longer than this (a server's retry-after may be). */
export const BACKOFF_CAP_MS = 30_000;

/** Wait `ms`, or reject as soon as `signal` aborts. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/** A number in [0, 1), as Math.random. */
export type Random = () => number;

/** The real wait: a timer, cleared on abort so nothing keeps the process alive. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });

/**
 * The wait before retry number `retry` (1 for the first retry): the server's `retryAfterMs`
 * exactly when it gave one, else full jitter under the capped exponential ceiling.
 */
export function backoffDelay(retry: number, retryAfterMs: number | undefined, random: Random): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/** "1.2 s", "250 ms": a wait in plain words. */
export function formatWait(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
