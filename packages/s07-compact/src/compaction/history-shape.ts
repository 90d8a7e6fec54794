/**
 * What the conversation looks like after a compaction. PreModel runs just before a model call,
 * so the conversation always ends with a user message the model has not answered yet; that
 * message must survive, and the protocol's rules must still hold:
 *
 *   ends with the user's prompt (a new turn):
 *     before   u1 a1 u2 a2 … an  [u: "fix the bug"]
 *     after    [u: <summary>… transcript · live state ·  "fix the bug"]                    one message
 *
 *   ends with tool results (mid-turn): a tool_result must follow its own tool_use, so the
 *   assistant message that asked for them stays too:
 *     before   u1 a1 … [a: tool_use t7] [u: tool_result t7, reminder]
 *     after    [u: <summary>… transcript · live state]  [a: tool_use t7]  [u: tool_result t7, reminder]
 *
 * Roles still alternate from the user, and nothing the model is about to read is lost. What is
 * summarised is the part before that pending tail (the tail is kept word for word).
 */
import { appendUserText, blocksOf, toolResultIds, type ContentBlockParam, type MessageParam, type TextBlockParam } from "@learn/core";
import { SUMMARY_TAG } from "./summary-prompt.ts";

/** The conversation split into what gets summarised and what is kept as it is. */
export interface HistorySplit {
  /** Everything before the pending tail. */
  earlier: MessageParam[];
  /** The messages kept word for word: [user] or [assistant with tool_use, user with results]. */
  pending: MessageParam[];
}

export function splitPending(messages: readonly MessageParam[]): HistorySplit {
  const last = messages.at(-1);
  if (last?.role !== "user") return { earlier: [...messages], pending: [] };
  const tail = toolResultIds(last).length > 0 && messages.length >= 2 ? 2 : 1;
  return { earlier: messages.slice(0, -tail), pending: messages.slice(-tail) };
}

/**
 * The history the summary request sends: `earlier`, without a dangling tool_use at its end,
 * with the request appended as the last user message (joined to the last one if it is the user's).
 * A copy: the live conversation's messages are not touched.
 */
export function summaryRequestMessages(earlier: readonly MessageParam[], request: string): MessageParam[] {
  const out = [...earlier];
  const last = out.at(-1);
  if (last?.role === "assistant") {
    const kept = blocksOf(last).filter((b) => b.type !== "tool_use");
    if (kept.length === 0) out.pop();
    else out[out.length - 1] = { ...last, content: kept };
  }
  // appendUserText gives the last message new content: on a copy of it, the conversation keeps its own.
  if (out.length > 0) out[out.length - 1] = { ...out.at(-1)! };
  appendUserText(out, request);
  return out;
}

export interface CompactedParts {
  summary: string;
  /** Where the whole history was saved, relative to the workspace. */
  transcript: string;
  /** Live state notes (the plan, the skills loaded), each re-attached as it is. */
  notes: readonly string[];
  pending: readonly MessageParam[];
}

/** The summary message (and the pending tail) that replace the history. */
export function compactedHistory({ summary, transcript, notes, pending }: CompactedParts): MessageParam[] {
  const head: TextBlockParam[] = [
    {
      type: "text",
      text:
        `<${SUMMARY_TAG}>\n${summary.trim() || "(the summary was empty)"}\n</${SUMMARY_TAG}>\n` +
        `The conversation before this point was compacted; all of it is saved in ${transcript} (read it with read_file if a detail is missing).`,
    },
    ...notes.filter((n) => n.trim() !== "").map((text) => ({ type: "text" as const, text })),
  ];
  if (pending.length === 0) return [{ role: "user", content: head }];
  if (pending.length === 1) {
    const tail: ContentBlockParam[] = blocksOf(pending[0]!).filter((b) => b.type !== "text" || b.text !== "");
    return [{ role: "user", content: [...head, ...tail] }];
  }
  return [{ role: "user", content: head }, ...pending];
}
