/**
 * Errors, for the user and for the code that recovers from them.
 *
 * `describeError`: one clear line for any error that reaches the user — what failed and what
 * to do, not a stack trace — with the secrets scrubbed out (an endpoint may echo the auth
 * header in its error). The session always goes on after it.
 *
 * The classifiers (`apiErrorOf`, `isPromptTooLong`, `isOverloaded`, `isRateLimited`) look at
 * an error's shape, not its class: `instanceof Anthropic.APIError` is false for an error
 * thrown by another copy of the SDK (two packages resolving two versions), and a lesson that
 * recovers from errors should not import SDK classes at all.
 */
import { Anthropic } from "./sdk.ts";
import { SDK_MAX_RETRIES } from "./client.ts";
import { scrubSecrets } from "../platform/secrets.ts";

export function describeError(err: unknown, context: { baseURL?: string } = {}): string {
  return scrubSecrets(describe(err, context));
}

function describe(err: unknown, context: { baseURL?: string }): string {
  if (err instanceof Anthropic.APIConnectionTimeoutError) {
    return `The model did not answer in time (after ${SDK_MAX_RETRIES} retries).`;
  }
  if (err instanceof Anthropic.APIConnectionError) {
    const where = context.baseURL ?? "the API";
    const cause = (err.cause as Error | undefined)?.message;
    return `Could not reach ${where} (after ${SDK_MAX_RETRIES} retries): ${err.message}${cause && cause !== err.message ? ` (${cause})` : ""}`;
  }
  const api = apiErrorOf(err);
  if (api) return `The API answered ${api.status} ${api.type}: ${api.message}`;
  return err instanceof Error ? err.message : String(err);
}

export function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return (
    signal?.aborted === true ||
    err instanceof Anthropic.APIUserAbortError ||
    (err instanceof Error && err.name === "AbortError")
  );
}

/** What an HTTP error from the API says, whichever copy of the SDK threw it. */
export interface ApiErrorInfo {
  /** The HTTP status, e.g. 429. */
  status: number;
  /** The error body's type, e.g. "overloaded_error"; "api_error" when the body names none. */
  type: string;
  /** The error body's message, else the error's own. */
  message: string;
  /** The response headers, names in lower case. */
  headers: Record<string, string>;
  /** How long the server asked us to wait before retrying (retry-after-ms, or retry-after in seconds or as a date). */
  retryAfterMs?: number;
}

/** The API error inside `err`, or undefined when `err` is not an HTTP error from the API. */
export function apiErrorOf(err: unknown): ApiErrorInfo | undefined {
  if (typeof err !== "object" || err === null) return undefined;
  const e = err as { status?: unknown; error?: unknown; message?: unknown; headers?: unknown };
  if (typeof e.status !== "number") return undefined;
  // The SDK keeps the JSON body as `error`: { type: "error", error: { type, message } }.
  const body = (e.error as { error?: { type?: unknown; message?: unknown } } | undefined)?.error;
  const headers = headersOf(e.headers);
  return {
    status: e.status,
    type: typeof body?.type === "string" ? body.type : "api_error",
    message: typeof body?.message === "string" ? body.message : String(e.message ?? ""),
    headers,
    ...retryAfter(headers),
  };
}

/** The request was larger than the model's context window (400 "prompt is too long", or a provider's wording). */
export function isPromptTooLong(err: unknown): boolean {
  const api = apiErrorOf(err);
  if (!api || (api.status !== 400 && api.status !== 413)) return false;
  return /prompt is too long|too many tokens|context length|context window|maximum context|input is too long/i.test(api.message);
}

/** The model is overloaded (529, overloaded_error): retrying later, or another model, may help. */
export function isOverloaded(err: unknown): boolean {
  const api = apiErrorOf(err);
  return api !== undefined && (api.status === 529 || api.type === "overloaded_error");
}

/** Too many requests (429, rate_limit_error): wait `retryAfterMs` if the server said how long. */
export function isRateLimited(err: unknown): boolean {
  const api = apiErrorOf(err);
  return api !== undefined && (api.status === 429 || api.type === "rate_limit_error");
}

/** Headers as a plain record: the SDK gives a fetch `Headers`; anything else with entries works too. */
function headersOf(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof raw !== "object" || raw === null) return out;
  const forEach = (raw as { forEach?: unknown }).forEach;
  if (typeof forEach === "function") {
    (raw as Headers).forEach((value, name) => {
      out[name.toLowerCase()] = value;
    });
  } else {
    for (const [name, value] of Object.entries(raw)) if (typeof value === "string") out[name.toLowerCase()] = value;
  }
  return out;
}

function retryAfter(headers: Record<string, string>): { retryAfterMs?: number } {
  const ms = Number(headers["retry-after-ms"]);
  if (headers["retry-after-ms"] && Number.isFinite(ms)) return { retryAfterMs: Math.max(0, ms) };
  const value = headers["retry-after"];
  if (!value) return {};
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return { retryAfterMs: Math.max(0, seconds * 1000) };
  const date = Date.parse(value);
  return Number.isNaN(date) ? {} : { retryAfterMs: Math.max(0, date - Date.now()) };
}
