/**
 * THE FOURTH BREAKPOINT — where micro-compaction will next change the conversation. s06 puts
 * two breakpoints in the system prompt and one on the last message. A batch of micro-compaction
 * changes the conversation at its oldest result, and the API looks for an earlier prefix at
 * most 20 blocks back from a breakpoint: a batch spans more than that (three blocks a round),
 * so from the last message the lookback never reaches back past the batch, and the request
 * that compacts pays for the whole conversation again, system prompt aside.
 *
 * So one more breakpoint goes just before the oldest result micro-compaction may still replace
 * (long, not yet a placeholder) — as it stood when the previous request was sent:
 *
 *   (aN: the assistant's call, rN: its result, [rN]: a placeholder, ◆: a breakpoint)
 *   before a batch   … [r7] a8 ◆ r8 a9 r9 … a17 r17 ◆           before r8, the oldest result still whole
 *   the batch        … [r7] a8 ◆ [r8] … [r14] a15 r15 … r18 ◆    r8–r14 replaced now: it stays before r8,
 *                                                               and everything up to it is read back
 *   the round after  … [r14] a15 ◆ r15 … r19 ◆                   on to r15, inside what the batch cached
 *
 * The request that compacts reads everything before its first change and writes only what
 * follows. (A policy that compacts one result every round gains the same way: its breakpoint
 * moves one round at a time.) Like s06's, the mark goes on a copy; which results are
 * placeholders comes from the harness's record, never from the text.
 */
import { blocksOf, type ContentBlockParam, type MessageParam, type ModelWrapper, type ToolResultBlockParam } from "@learn/core";
import { canCarryBreakpoint, EPHEMERAL } from "@learn/s06";
import { resultText } from "./persist.ts";
import type { CompactionRecord } from "./record.ts";
import type { CompactionSettings } from "./settings.ts";

interface Place {
  message: number;
  block: number;
}

/** A wrapper that marks the block before the oldest replaceable result (one per agent: it remembers the last place). */
export function markCompactionBoundary(settings: CompactionSettings, record: CompactionRecord): ModelWrapper {
  // The tool_use_id of the oldest replaceable result when the last request was sent.
  let previous: string | undefined;
  return (next) => (request, ctx) => {
    const now = oldestReplaceable(request.messages, settings, record);
    // That result, if it is still in the conversation (compacted since or not); else the oldest now.
    const at = (previous !== undefined ? resultPlace(request.messages, previous) : undefined) ?? now;
    previous = now === undefined ? undefined : resultId(request.messages, now);
    return next(at ? { ...request, messages: markBefore(request.messages, at) } : request, ctx);
  };
}

/** The first tool result (in order) that micro-compaction may still replace: long, not a placeholder. */
export function oldestReplaceable(messages: readonly MessageParam[], settings: CompactionSettings, record: CompactionRecord): Place | undefined {
  for (const [message, m] of messages.entries()) {
    for (const [block, b] of blocksOf(m).entries()) {
      if (b.type !== "tool_result") continue;
      const text = resultText(b);
      if (text.length > settings.microCompactMinChars && !record.isPlaceholder(text)) return { message, block };
    }
  }
  return undefined;
}

function resultPlace(messages: readonly MessageParam[], id: string): Place | undefined {
  for (const [message, m] of messages.entries()) {
    const block = blocksOf(m).findIndex((b) => b.type === "tool_result" && b.tool_use_id === id);
    if (block >= 0) return { message, block };
  }
  return undefined;
}

function resultId(messages: readonly MessageParam[], { message, block }: Place): string {
  return (blocksOf(messages[message]!)[block] as ToolResultBlockParam).tool_use_id;
}

/** The messages with a breakpoint on the block just before `at` (a copy); unchanged when that block cannot carry one. */
export function markBefore(messages: readonly MessageParam[], at: Place): MessageParam[] {
  const target = at.block > 0 ? { message: at.message, block: at.block - 1 } : at.message > 0 ? { message: at.message - 1, block: blocksOf(messages[at.message - 1]!).length - 1 } : undefined;
  if (!target) return [...messages];
  const blocks = [...blocksOf(messages[target.message]!)];
  const block = blocks[target.block];
  if (!block || !canCarryBreakpoint(block)) return [...messages];
  blocks[target.block] = { ...block, cache_control: EPHEMERAL } as ContentBlockParam;
  return messages.map((m, i) => (i === target.message ? ({ ...m, content: blocks } as MessageParam) : m));
}
