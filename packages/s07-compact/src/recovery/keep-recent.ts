/**
 * The last-resort compaction: keep the goal and the last few messages, drop the middle.
 * No model call (the model just refused the prompt as too long; a summary request of the
 * same conversation would be refused too), and nothing it keeps is altered.
 *
 * The result is still a valid conversation:
 *   - it starts with a user message: the first prompt's text (the goal), with a note that
 *     the middle was dropped;
 *   - the kept tail starts at an assistant message, so every tool_result in it follows the
 *     assistant message holding its tool_use (pairs are never split);
 *   - roles alternate, because the tail did and the goal message (user) precedes an assistant one.
 *
 * When the tail alone is too big (one round whose results overflow the window), dropping
 * messages cannot help: `shrinkResults` cuts each long tool result to a head and a note
 * instead. Without it, such a round would stay in the conversation and refuse every later prompt.
 */
import type { ContentBlockParam, MessageParam } from "@learn/core";

/** How many recent messages the default compaction keeps (about three exchanges). */
export const KEEP_RECENT_MESSAGES = 6;
/** The goal is the first prompt's text, cut to this many characters (a pasted log is not a goal). */
export const GOAL_MAX_CHARS = 4_000;

export const DROPPED_NOTE = "[Earlier messages were dropped to fit the context window. The task as first given:]";

/** The goal and the last `n` messages or so (one more when needed to start at an assistant message). */
export function keepRecent(messages: MessageParam[], n = KEEP_RECENT_MESSAGES): MessageParam[] {
  let start = Math.max(1, messages.length - n);
  while (start > 1 && messages[start]?.role !== "assistant") start--;
  // Nothing to drop: the conversation is already just the goal and its tail.
  if (start <= 1 || messages[start]?.role !== "assistant") return [...messages];
  const goal: MessageParam = { role: "user", content: [{ type: "text", text: `${DROPPED_NOTE}\n${goalOf(messages[0])}` }] };
  return [goal, ...messages.slice(start)];
}

/** The first prompt's text, without the note of an earlier compaction, cut to size. */
function goalOf(first: MessageParam | undefined): string {
  if (!first) return "";
  const text =
    typeof first.content === "string"
      ? first.content
      : first.content.map((b) => (b.type === "text" ? b.text : "")).filter(Boolean).join("\n");
  const goal = text.startsWith(DROPPED_NOTE) ? text.slice(DROPPED_NOTE.length + 1) : text;
  return goal.length <= GOAL_MAX_CHARS ? goal : `${goal.slice(0, GOAL_MAX_CHARS)} …[cut]`;
}

/** The most of one tool result the last-resort compaction keeps (its head, and a note). */
export const SHRUNK_RESULT_CHARS = 2_000;

/** Every tool result longer than `max` characters cut to its head, with a note saying so. */
export function shrinkResults(messages: MessageParam[], max = SHRUNK_RESULT_CHARS): MessageParam[] {
  return messages.map((message) => {
    if (message.role !== "user" || typeof message.content === "string") return message;
    let changed = false;
    const content = message.content.map((block): ContentBlockParam => {
      if (block.type !== "tool_result") return block;
      const text = typeof block.content === "string" ? block.content : (block.content ?? []).map((b) => (b.type === "text" ? b.text : "")).join("\n");
      if (text.length <= max) return block;
      changed = true;
      const note = `\n…[cut from ${text.length} characters to fit the context window; re-run it more narrowly if you need the rest]`;
      return { ...block, content: text.slice(0, max) + note };
    });
    return changed ? ({ ...message, content } as MessageParam) : message;
  });
}

/** The default for "prompt is too long": drop the middle, then cut what is still too long. */
export function compactHarder(messages: MessageParam[]): MessageParam[] {
  return shrinkResults(keepRecent(messages));
}
