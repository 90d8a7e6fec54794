/**
 * Transient errors: the request was fine, the moment was not. A 429 (rate limited), a 529
 * (overloaded), a 5xx from a gateway, a connection that dropped — the same request sent a
 * little later usually succeeds. Everything else (a 400, a 401, a prompt that is too long)
 * would fail the same way every time, so it is thrown at once.
 *
 * This wrapper owns the retries of the calls it wraps: it passes `maxRetries: 0` down, so the
 * SDK does not retry underneath it (two retry loops multiply: 3 SDK tries × 8 of ours = 24
 * requests, with waits nobody sees). Each retry is announced in plain words:
 *
 *   Overloaded (529); retrying in 1.2 s (attempt 2 of 8)
 */
import { apiErrorOf, isAbort, isOverloaded, isRateLimited, type ModelWrapper } from "@learn/core";
import { abortableSleep, backoffDelay, formatWait, type Random, type Sleep } from "./backoff.ts";

/** Tries in all, the first included: waits of up to 0.5+1+2+4+8+16+30 s ≈ 1 minute before giving up. */
export const DEFAULT_MAX_ATTEMPTS = 8;

/** Statuses worth retrying besides 429 and 529: request timeout and the gateway family. */
const RETRYABLE_STATUSES = new Set([408, 500, 502, 503, 504]);

export interface TransientOptions {
  /** Tries in all, the first included (default 8). */
  maxAttempts?: number;
  sleep?: Sleep;
  random?: Random;
}

/** The retries ran out: the last error is the `cause`; the message says what kept failing. */
export class RetriesExhaustedError extends Error {
  constructor(readonly attempts: number, what: string, cause: unknown) {
    super(`The model call failed ${attempts} times in a row (last: ${what}); giving up for now. Try again in a while.`, { cause });
    this.name = "RetriesExhaustedError";
  }
}

/** What went wrong, in plain words, when it is worth retrying; undefined when it is not. */
export function transientReason(err: unknown): string | undefined {
  if (isConnectionError(err)) return "Connection dropped";
  const api = apiErrorOf(err);
  if (!api) return undefined;
  if (isOverloaded(err)) return `Overloaded (${api.status})`;
  if (isRateLimited(err)) return `Rate limited (${api.status})`;
  if (RETRYABLE_STATUSES.has(api.status)) return `Server error (${api.status})`;
  return undefined;
}

/** A dropped or timed-out connection, recognised by the SDK error's name (not its class; see core's errors). */
function isConnectionError(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === "APIConnectionError" || name === "APIConnectionTimeoutError";
}

export function retryTransient(options: TransientOptions = {}): ModelWrapper {
  const { maxAttempts = DEFAULT_MAX_ATTEMPTS, sleep = abortableSleep, random = Math.random } = options;
  return (next) => async (request, ctx) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await next({ ...request, maxRetries: 0 }, ctx);
      } catch (err) {
        const reason = isAbort(err, ctx.signal) ? undefined : transientReason(err);
        if (reason === undefined) throw err;
        if (attempt >= maxAttempts) throw new RetriesExhaustedError(attempt, reason, err);
        const wait = backoffDelay(attempt, apiErrorOf(err)?.retryAfterMs, random);
        ctx.renderer.notice(`${reason}; retrying in ${formatWait(wait)} (attempt ${attempt + 1} of ${maxAttempts})`);
        await sleep(wait, ctx.signal);
        ctx.signal.throwIfAborted(); // an injected sleep may not look at the signal
      }
    }
  };
}
