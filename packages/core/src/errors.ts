/**
 * One clear line for any error that reaches the user: what failed and what to do, not a
 * stack trace. The session always goes on after it.
 */
import { Anthropic } from "./sdk.ts";
import { SDK_MAX_RETRIES } from "./client.ts";

export function describeError(err: unknown, context: { baseURL?: string } = {}): string {
  if (err instanceof Anthropic.APIConnectionTimeoutError) {
    return `The model did not answer in time (after ${SDK_MAX_RETRIES} retries).`;
  }
  if (err instanceof Anthropic.APIConnectionError) {
    const where = context.baseURL ?? "the API";
    const cause = (err.cause as Error | undefined)?.message;
    return `Could not reach ${where} (after ${SDK_MAX_RETRIES} retries): ${err.message}${cause && cause !== err.message ? ` (${cause})` : ""}`;
  }
  if (err instanceof Anthropic.APIError) {
    const body = err.error as { error?: { type?: string; message?: string } } | undefined;
    const type = body?.error?.type ?? "api_error";
    const message = body?.error?.message ?? err.message;
    return `The API answered ${err.status ?? "an error"} ${type}: ${message}`;
  }
  return err instanceof Error ? err.message : String(err);
}

export function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return (
    signal?.aborted === true ||
    err instanceof Anthropic.APIUserAbortError ||
    (err instanceof Error && err.name === "AbortError")
  );
}
