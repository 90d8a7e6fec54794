/**
 * ERROR RECOVERY — four model wrappers, so the loop never learns that calls fail. Each one
 * handles one kind of failure and tells the user, in plain words, what it is doing about it.
 *
 *   kernel ─► compactOnPromptTooLong ─► recoverMaxTokens ─► retryTransient ─► fallbackOnOverload ─► model
 *             400 "prompt is too long"   stop_reason          429, 529, 5xx,     3 × 529 in a row:
 *             → compact harder, retry    max_tokens           dropped conn.      switch to the
 *               once                     → 64k, then          → backoff with     fallback model
 *                                          "Continue" ×3        jitter, ×8         (for good)
 *
 * Why this order (outermost first):
 *   - compactOnPromptTooLong is outermost: it must see the kernel's own request (whose
 *     messages ARE the conversation) to shrink the conversation itself, and its one retry
 *     gets every other recovery below it. Put these wrappers before any that copy messages.
 *   - recoverMaxTokens is outside the retries: each of its calls (the escalation, each
 *     continuation) is retried on its own when the network hiccups, and a hiccup in the
 *     third piece does not throw away the first two.
 *   - retryTransient is the loop that waits and tries again; it passes `maxRetries: 0`
 *     down, so the SDK does not retry underneath it.
 *   - fallbackOnOverload is innermost: it sees every attempt's error (to count overloads in a
 *     row) and rewrites the model of the very next attempt. It never retries by itself.
 *
 * Backoff: full jitter under 500 ms · 2^(n-1), capped at 30 s; 8 attempts in all (about a
 * minute of waiting at worst); the server's retry-after(-ms) is honoured exactly instead.
 * Every wait ends at once on Ctrl-C.
 */
import type { Mechanism, MessageParam, ModelWrapper } from "@learn/core";
import type { Random, Sleep } from "./backoff.ts";
import { fallbackOnOverload } from "./fallback.ts";
import { recoverMaxTokens } from "./max-tokens.ts";
import { compactOnPromptTooLong } from "./prompt-too-long.ts";
import { retryTransient } from "./transient.ts";

export interface RecoveryOptions {
  /** FALLBACK_MODEL_ID (AgentOptions.fallbackModel): where to go after repeated overloads. */
  fallbackModel?: string;
  /** How to shrink a conversation the model refused as too long (default: compactHarder: keepRecent, then shrinkResults). */
  compactHarder?: (messages: MessageParam[]) => MessageParam[];
  /** The wait between tries (default: a real timer that Ctrl-C cancels). */
  sleep?: Sleep;
  /** The jitter's dice (default: Math.random). */
  random?: Random;
  /** Tries in all for a transient error, the first included (default 8). */
  maxAttempts?: number;
}

/** The four wrappers, outermost first, for one agent (the fallback switch lasts as long as they do). */
export function recoveryWrappers(options: RecoveryOptions = {}): ModelWrapper[] {
  const { fallbackModel, compactHarder, sleep, random, maxAttempts } = options;
  return [
    compactOnPromptTooLong(compactHarder),
    recoverMaxTokens(),
    retryTransient({ sleep, random, maxAttempts }),
    fallbackOnOverload(fallbackModel),
  ];
}

export { abortableSleep, backoffDelay, BACKOFF_BASE_MS, BACKOFF_CAP_MS, formatWait, type Random, type Sleep } from "./backoff.ts";
export { DEFAULT_MAX_ATTEMPTS, RetriesExhaustedError, retryTransient, transientReason, type TransientOptions } from "./transient.ts";
export { fallbackOnOverload, OVERLOADS_BEFORE_FALLBACK } from "./fallback.ts";
export { completeBlocks, CONTINUE_PROMPT, continuation, ESCALATED_MAX_TOKENS, joinPieces, MAX_CONTINUATIONS, recoverMaxTokens } from "./max-tokens.ts";
export { compactOnPromptTooLong, type CompactHarder } from "./prompt-too-long.ts";
export { compactHarder, DROPPED_NOTE, GOAL_MAX_CHARS, KEEP_RECENT_MESSAGES, keepRecent, SHRUNK_RESULT_CHARS, shrinkResults } from "./keep-recent.ts";

export const callRecovery: Mechanism = {
  name: "recovery",
  // Outermost: recovery sees the kernel's own request, before any wrapper copies its messages.
  add: (parts, { options }) => ({ ...parts, wrappers: [...recoveryWrappers({ fallbackModel: options.fallbackModel }), ...parts.wrappers] }),
};
