/**
 * Small helpers over the message list. The list is the agent's whole memory, and the API
 * is strict about its shape (conversation-rules.ts states the rules): roles alternate, the
 * first and last messages are the user's, and every tool_use is answered in the very next
 * message. These helpers keep it that way.
 */
import type { ContentBlock, ContentBlockParam, Message, MessageParam, TextBlockParam, ToolUseBlock } from "./protocol.ts";

/**
 * Turn a response block into the param we send back. Responses carry extra fields
 * (`citations`, `caller`...) the request does not need; we send back exactly what the
 * model said and nothing more, so the trace reads cleanly.
 */
export function toParam(block: ContentBlock): ContentBlockParam {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "tool_use":
      return { type: "tool_use", id: block.id, name: block.name, input: block.input };
    default:
      return block as unknown as ContentBlockParam;
  }
}

/** The assistant message to append after a response: its content, as params. */
export function assistantMessage(response: Message): MessageParam {
  return { role: "assistant", content: response.content.map(toParam) };
}

export function toolUsesOf(response: Message): ToolUseBlock[] {
  return response.content.filter((b): b is ToolUseBlock => b.type === "tool_use");
}

export function textOf(response: Pick<Message, "content">): string {
  return response.content
    .filter((b) => b.type === "text")
    .map((b) => (b as { text: string }).text)
    .join("");
}

/** A message's content as blocks: a string is one text block. */
export function blocksOf(message: MessageParam): ContentBlockParam[] {
  return typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
}

/** The ids of the tool calls a message makes (none unless it is the assistant's). */
export function toolUseIds(message: MessageParam | undefined): string[] {
  if (message?.role !== "assistant") return [];
  return blocksOf(message).flatMap((b) => (b.type === "tool_use" ? [b.id] : []));
}

/** The ids of the calls a message answers (none unless it is the user's). */
export function toolResultIds(message: MessageParam | undefined): string[] {
  if (message?.role !== "user") return [];
  return blocksOf(message).flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : []));
}

/**
 * Add text for the model at the end of the conversation: the user's prompt, or a block a
 * mechanism adds before a model call (a background job's result, a note that the agent moved).
 * If the last message is already the user's (tool results waiting, a turn interrupted before
 * the model answered), the text joins it as a block *after* everything in it — results come
 * first, and two user messages in a row would break role alternation. Otherwise it starts a
 * new user message (a string stays a string, as the user typed it).
 *
 * It never comes between a tool_use and its tool_result: an assistant message whose calls
 * are unanswered must be answered first, and the call is refused, not patched over.
 * The last message gets a new content array (its old one is kept whole, so a failed turn can
 * put it back: rollBackFailedTurn), holding `text` itself when it is a block (a mechanism
 * finds its block again by identity, to know whether a rollback took it away).
 */
export function appendUserText(messages: MessageParam[], text: string | TextBlockParam): void {
  const last = messages.at(-1);
  const unanswered = toolUseIds(last);
  if (unanswered.length > 0) {
    throw new Error(`cannot add text for the model now: tool_use ${unanswered.join(", ")} must be answered first (its tool_result comes in the very next message)`);
  }
  if (last?.role !== "user") {
    messages.push({ role: "user", content: typeof text === "string" ? text : [text] });
    return;
  }
  last.content = [...blocksOf(last), typeof text === "string" ? { type: "text", text } : text];
}

/** What happened to the conversation when a turn failed, by the error that failed it. */
const failedTurnNotes = new WeakMap<object, string>();

/** Where a turn started: enough to put the conversation back exactly as it was. */
export interface TurnStart {
  length: number;
  /** The last message before the prompt, and its content then (the prompt may join it). */
  last: MessageParam | undefined;
  lastContent: MessageParam["content"] | undefined;
}

export function markTurnStart(messages: MessageParam[]): TurnStart {
  const last = messages.at(-1);
  return { length: messages.length, last, lastContent: last?.content };
}

/**
 * A turn failed (an API error, a cancel, an empty answer). If the model never answered, put
 * the conversation back exactly as it was before the prompt: a failed prompt must not be glued
 * to the next one, nor sent again unseen. If it did answer, keep everything: those tool calls
 * happened. (If a hook rewrote the list meanwhile — compaction — it is kept as it is.)
 * Returns what happened, for the user, and files it under `err` for whoever shows the error.
 */
export function rollBackFailedTurn(messages: MessageParam[], start: TurnStart, err?: unknown): string {
  const answered = messages.slice(start.length).some((m) => m.role === "assistant");
  const rewritten = messages.length < start.length || messages[start.length - 1] !== start.last;
  let note = "What already ran in this turn is kept in the conversation.";
  if (!answered && !rewritten) {
    messages.length = start.length;
    if (start.last) start.last.content = start.lastContent!;
    note = "The prompt was not kept: the conversation is as it was before it.";
  }
  if (typeof err === "object" && err !== null) failedTurnNotes.set(err, note);
  return note;
}

/**
 * Answer the tool calls of a last assistant message that have no results yet, each with
 * `text` as an error result. A turn cancelled after the model asked for tools but before their
 * results were added (Ctrl-C while a PreToolUse hook asks) would otherwise leave the
 * conversation in a shape the API refuses: every later prompt would fail.
 */
export function answerOpenToolUses(messages: MessageParam[], text: string): void {
  const last = messages.at(-1);
  if (last?.role !== "assistant") return;
  const open = toolUseIds(last);
  if (open.length === 0) return;
  messages.push({ role: "user", content: open.map((id) => ({ type: "tool_result" as const, tool_use_id: id, content: text, is_error: true })) });
}

/** What a failed turn did to the conversation, to show after its error. */
export function failedTurnNote(err: unknown): string | undefined {
  return typeof err === "object" && err !== null ? failedTurnNotes.get(err) : undefined;
}

/** Explain a stop that is not a natural end, so the user is never left guessing. */
export function stopNotice(response: Pick<Message, "stop_reason">): string | undefined {
  switch (response.stop_reason) {
    case "max_tokens":
      return "The answer was cut off: the model reached max_tokens (raise LEARN_MAX_TOKENS to allow longer answers).";
    case "refusal":
      return "The model refused to continue with this request.";
    case "pause_turn":
      return "The model paused its turn (a long-running server tool); send another message to let it continue.";
    case "model_context_window_exceeded":
      return "The model stopped: its context window is full.";
    default:
      return undefined;
  }
}
