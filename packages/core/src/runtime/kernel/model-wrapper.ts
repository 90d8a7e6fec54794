/**
 * Model wrappers: functions around the model call. Error recovery (retry, fallback model,
 * compact-and-retry) wraps the call instead of living in the loop:
 *
 *   const withRetry: ModelWrapper = (next) => async (request, ctx) => { ...next(request, ctx)... };
 *
 * A wrapper sees the agent's context (its name, its cancel signal, its screen for notices),
 * so the same wrapper serves the lead, a subagent and a teammate. The first wrapper in the
 * list is the outermost. Calls a mechanism makes itself (`ctx.model(...)`, e.g. a summary)
 * go through the same wrappers.
 */
import type { AgentContext } from "../agent/context.ts";
import type { ModelRequest } from "../model.ts";
import type { Message } from "../protocol.ts";

export type ModelCall = (request: ModelRequest, ctx: AgentContext) => Promise<Message>;
export type ModelWrapper = (next: ModelCall) => ModelCall;

export function wrapModelCall(call: ModelCall, wrappers: readonly ModelWrapper[]): ModelCall {
  return wrappers.reduceRight((next, wrap) => wrap(next), call);
}
