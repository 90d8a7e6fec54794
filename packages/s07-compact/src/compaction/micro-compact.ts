/**
 * LAYER 2 — MICRO-COMPACT, IN STEPS. An old tool result (a file read twenty rounds ago) is
 * rarely read again, but it is paid for in every request. Replaced by a one-line placeholder,
 * it costs nothing; the model re-runs the tool if it needs it again. The last few results are
 * never touched: the model is working with them (nor are the results of the last round, which
 * the model has not read yet, however many it asked for at once).
 *
 * Why in steps and not every round: the API caches a request's prefix, and a change anywhere
 * gives everything after it a new identity. Compacting the oldest result every round edits the
 * conversation near its start every round, so every request pays the full price for the rest:
 *
 *   every round   r1 r2 r3 r4 r5 ◆      next: [r1] r2 r3 r4 r5 r6 ◆     ← changed at r1: all of it is new
 *   in steps      r1 r2 r3 r4 r5 ◆      next:  r1 r2 r3 r4 r5 r6 ◆     ← prefix read from the cache
 *                 … once `microCompactBatch` old results wait: [r1][r2]…[r8] r9 … ◆  (one miss, then reads again)
 *
 * So the conversation is left alone until enough old results are waiting, then all of them are
 * compacted at once: one cache miss buys many rounds of a smaller, cached prefix.
 *
 * What was compacted already, and which file a moved result is in, comes from the harness's
 * record (record.ts), never from the text: a result that merely starts like a placeholder or a
 * marker is compacted like any other, and cannot point the placeholder at a file of its choosing.
 */
import type { ContentBlockParam, MessageParam, ToolResultBlockParam } from "@learn/core";
import { resultText } from "./persist.ts";
import type { CompactionRecord } from "./record.ts";
import type { CompactionSettings } from "./settings.ts";

export const COMPACTED_RESULT = "[Earlier tool result compacted. Re-run if needed.]";

/** A result the harness moved keeps its file's path: the placeholder for it says where the whole text is. */
function placeholderFor(text: string, record: CompactionRecord): string {
  const file = record.persistedFile(text);
  return file ? `[Earlier tool result compacted; the whole output is in ${file}.]` : COMPACTED_RESULT;
}

interface Place {
  message: number;
  block: number;
}

/** The results micro-compaction may replace: not among the last few, long, not yet replaced. */
export function compactableResults(messages: readonly MessageParam[], settings: CompactionSettings, record: CompactionRecord): Place[] {
  const all: Place[] = [];
  messages.forEach((m, message) => {
    if (m.role !== "user" || typeof m.content === "string") return;
    m.content.forEach((b, block) => { if (b.type === "tool_result") all.push({ message, block }); });
  });
  // The last message's results are new: the model has not read them yet, however many there are.
  const unread = messages.at(-1)?.role === "user" ? messages.length - 1 : -1;
  const old = all.slice(0, Math.max(0, all.length - settings.keepRecentResults)).filter((p) => p.message !== unread);
  return old.filter(({ message, block }) => {
    const text = resultText((messages[message]!.content as ContentBlockParam[])[block] as ToolResultBlockParam);
    return text.length > settings.microCompactMinChars && !record.isPlaceholder(text);
  });
}

/** The conversation with every waiting old result replaced, once a batch is waiting; else undefined. */
export function microCompact(messages: readonly MessageParam[], settings: CompactionSettings, record: CompactionRecord): MessageParam[] | undefined {
  const places = compactableResults(messages, settings, record);
  if (places.length === 0 || places.length < settings.microCompactBatch) return undefined;
  const out = [...messages];
  for (const { message, block } of places) {
    const content = [...(out[message]!.content as ContentBlockParam[])];
    const result = content[block] as ToolResultBlockParam;
    const placeholder = placeholderFor(resultText(result), record);
    record.notePlaceholder(placeholder);
    content[block] = { ...result, content: placeholder };
    out[message] = { ...out[message]!, content } as MessageParam;
  }
  return out;
}
