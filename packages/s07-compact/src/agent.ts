/**
 * Lesson 7's agent: the previous lesson's mechanisms, plus context management and error recovery,
 * so a long session neither overflows nor stops at the first failed call.
 *
 *   before every model call (PreModel hooks, in order)
 *     1 persist   a result over 30,000 chars → .task_outputs/tool-results/<id>.txt, a preview stays
 *     2 micro     results older than the last 3 → a one-line stub, a batch at a time (the cache holds)
 *     3 auto      over the threshold → .transcripts/<time>.jsonl, a summary by the model itself,
 *                 and the live state (the plan, the skills loaded) re-attached
 *     and one more cache breakpoint, before the oldest result micro may still replace
 *   around every model call (wrappers, outermost first)
 *     prompt too long → compact harder, retry once │ max_tokens → 64k, then "continue" ×3
 *     429 / 529 / 5xx → backoff with jitter        │ 3 × overloaded → FALLBACK_MODEL_ID
 *
 * A subagent gets the same: its context can fill up too.
 */
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s06";
import { contextCompaction } from "./compaction/index.ts";
import { callRecovery } from "./recovery/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, contextCompaction, callRecovery];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
