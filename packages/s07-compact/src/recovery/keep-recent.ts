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
 */
import type { MessageParam } from "@learn/core";

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
