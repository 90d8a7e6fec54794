/**
 * Model wrappers: functions around the model call. Error recovery (retry, fallback model,
 * compact-and-retry) wraps the call instead of living in the loop:
 *
 *   const withRetry: ModelWrapper = (next) => async (request, signal) => { ...next(request, signal)... };
 *
 * The first wrapper in the list is the outermost.
 */
import type { ModelRequest } from "../model.ts";
import type { Message } from "../protocol.ts";

export type ModelCall = (request: ModelRequest, signal: AbortSignal) => Promise<Message>;
export type ModelWrapper = (next: ModelCall) => ModelCall;

export function wrapModelCall(call: ModelCall, wrappers: readonly ModelWrapper[]): ModelCall {
  return wrappers.reduceRight((next, wrap) => wrap(next), call);
}
