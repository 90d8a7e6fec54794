/**
 * The protocol's rules for a conversation, as a checker. Every compaction step must leave the
 * message list in a shape the API accepts: a step that breaks one of these turns the next
 * request into a 400 and ends the turn.
 *
 *   user ─ assistant ─ user ─ …          roles alternate, the first is the user's
 *   assistant [tool_use a, tool_use b]
 *   user      [tool_result a, tool_result b, text?]   every use answered right after, results first
 *
 * and no message and no text block is empty.
 */
import type { ContentBlockParam, MessageParam } from "@learn/core";

/** What is wrong with this conversation; empty when the API would accept it. */
export function checkConversation(messages: readonly MessageParam[]): string[] {
  const problems: string[] = [];
  if (messages.length > 0 && messages[0]!.role !== "user") problems.push("the first message is not the user's");
  messages.forEach((message, i) => {
    const where = `message ${i} (${message.role})`;
    if (i > 0 && messages[i - 1]!.role === message.role) problems.push(`${where} follows another ${message.role} message`);
    const blocks = blocksOf(message);
    if (blocks.length === 0) problems.push(`${where} is empty`);
    for (const block of blocks) if (block.type === "text" && block.text === "") problems.push(`${where} has an empty text block`);
    problems.push(...resultProblems(messages, i));
  });
  return problems;
}

/** The content as blocks (a string is one text block). */
export function blocksOf(message: MessageParam): ContentBlockParam[] {
  return typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
}

/** The ids of the tool calls in a message. */
export function toolUseIds(message: MessageParam | undefined): string[] {
  if (!message || message.role !== "assistant") return [];
  return blocksOf(message).flatMap((b) => (b.type === "tool_use" ? [b.id] : []));
}

/** The ids a user message answers. */
export function toolResultIds(message: MessageParam | undefined): string[] {
  if (!message || message.role !== "user") return [];
  return blocksOf(message).flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : []));
}

function resultProblems(messages: readonly MessageParam[], i: number): string[] {
  const message = messages[i]!;
  const where = `message ${i} (${message.role})`;
  const problems: string[] = [];
  if (message.role === "assistant") {
    const answered = new Set(toolResultIds(messages[i + 1]));
    for (const id of toolUseIds(message)) if (!answered.has(id) && i + 1 < messages.length) problems.push(`${where}: tool_use ${id} has no tool_result in the next message`);
    if (i === messages.length - 1 && toolUseIds(message).length > 0) problems.push(`${where}: its tool_use blocks are never answered`);
    return problems;
  }
  const asked = new Set(toolUseIds(messages[i - 1]));
  const seen = new Set<string>();
  let textSeen = false;
  for (const block of blocksOf(message)) {
    if (block.type === "text") textSeen = true;
    if (block.type !== "tool_result") continue;
    const id = block.tool_use_id;
    if (!asked.has(id)) problems.push(`${where}: tool_result ${id} answers no tool_use of the message before`);
    if (seen.has(id)) problems.push(`${where}: tool_result ${id} appears twice`);
    if (textSeen) problems.push(`${where}: tool_result ${id} comes after a text block`);
    seen.add(id);
  }
  return problems;
}
