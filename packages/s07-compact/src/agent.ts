/**
 * Lesson 7's agent: the previous lesson's parts, plus context management and error recovery,
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
import { agentFrom, type Agent, type AgentOptions, type AgentParts } from "@learn/core";
import type { PartsOf } from "@learn/s05";
import { childParts as previousChildParts, lesson as previousLesson, parts as previousParts } from "@learn/s06";
import { withCompaction } from "./compaction/index.ts";
import { recoveryWrappers } from "./recovery/index.ts";

export { previousLesson };

/** A subagent's parts: the previous lesson's, with compaction and recovery of its own. */
export async function childParts(options: AgentOptions): Promise<AgentParts> {
  const base = withCompaction(await previousChildParts(options), options);
  // Outermost: recovery sees the kernel's own request, before any wrapper copies its messages.
  return { ...base, wrappers: [...recoveryWrappers({ fallbackModel: options.fallbackModel }), ...base.wrappers] };
}

/** The lead's parts: the previous lesson's lead, built over `children` (by default, these). */
export async function parts(options: AgentOptions, children: PartsOf = childParts): Promise<AgentParts> {
  return previousParts(options, children);
}

export async function createAgent(options: AgentOptions): Promise<Agent> {
  return agentFrom(await parts(options), options);
}
