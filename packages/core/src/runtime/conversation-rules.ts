/**
 * THE CONVERSATION RULES — what the Messages API requires of the message list, stated once.
 * The agent loop, compaction, reminders and inboxes all rewrite this list, and a list that
 * breaks one rule turns the next request into a 400 that ends the turn:
 *
 *   user ─ assistant ─ user ─ … ─ user        roles alternate; the first and the last are the user's
 *   assistant [tool_use a, tool_use b]         a tool_use id names one call in the whole conversation
 *   user      [tool_result a, tool_result b, text…]
 *                                              every call answered in the very next message, once,
 *                                              results first; no result without its call
 *   no empty message, no blank text block; at most 4 cache breakpoints in a request
 *
 * Each check returns the first problem, in the real API's words and path style
 * (`messages.2.content.1: …`), or undefined — as the API answers with one error. The offline
 * simulator answers a request that breaks a rule with that 400 (simulator/validate.ts); s07's
 * compaction refuses a history that would break one; tests assert that every request keeps them.
 * Where the real API is more lenient (it merges consecutive user messages, it accepts an
 * assistant prefill as the last message), these rules are stricter on purpose: the harness never
 * relies on either.
 */
import { blocksOf, toolUseIds } from "./messages.ts";
import type { ContentBlockParam, MessageParam, ToolResultBlockParam } from "./protocol.ts";

/** What is wrong, in the API's words; undefined when nothing is. */
export type Problem = string | undefined;

/** The API's limit on `cache_control` breakpoints in one request (tools, system and messages together). */
export const MAX_BREAKPOINTS = 4;

export interface ConversationCheck {
  /**
   * "user" (the default): the list is about to be sent, so it ends with the user's message.
   * "any": the list between turns, which ends with the model's answer.
   */
  lastRole?: "user" | "any";
}

/** The first rule `messages` break: empty content first (as the API checks), then roles, then tool calls. */
export function checkConversation(messages: readonly MessageParam[], { lastRole = "user" }: ConversationCheck = {}): Problem {
  return checkEveryContent(messages) ?? checkRoles(messages, lastRole) ?? checkToolPairing(messages);
}

/** A message says something: its content is neither "" nor [], nor only whitespace. */
export function checkMessageContent(content: string | readonly unknown[], path: string): Problem {
  if (content.length === 0) return `${path}: all messages must have non-empty content except for the optional final assistant message`;
  if (typeof content === "string" && content.trim() === "") return `${path}.content: text content blocks must contain non-whitespace text`;
  return undefined;
}

/** A text block says something (`path` is the block's `.text`). */
export function checkText(text: string, path: string): Problem {
  if (text === "") return `${path}: text content blocks must be non-empty`;
  if (text.trim() === "") return `${path}: text content blocks must contain non-whitespace text`;
  return undefined;
}

function checkEveryContent(messages: readonly MessageParam[]): Problem {
  for (const [i, message] of messages.entries()) {
    const path = `messages.${i}`;
    const problem = checkMessageContent(message.content, path) ?? checkTexts(blocksOf(message), `${path}.content`);
    if (problem) return problem;
  }
  return undefined;
}

/** A block inside a tool result's content. */
type ResultBlock = Exclude<ToolResultBlockParam["content"], string | undefined>[number];

/** Every text block, and every text block inside a tool result. */
function checkTexts(blocks: readonly (ContentBlockParam | ResultBlock)[], path: string): Problem {
  for (const [j, block] of blocks.entries()) {
    const problem =
      block.type === "text"
        ? checkText(block.text, `${path}.${j}.text`)
        : block.type === "tool_result" && Array.isArray(block.content)
          ? checkTexts(block.content, `${path}.${j}.content`)
          : undefined;
    if (problem) return problem;
  }
  return undefined;
}

function checkRoles(messages: readonly MessageParam[], lastRole: "user" | "any"): Problem {
  if (messages.length === 0) return lastRole === "user" ? "messages: at least one message is required" : undefined;
  if (messages[0]!.role !== "user") return `messages.0.role: first message must use the "user" role`;
  for (let i = 1; i < messages.length; i++) {
    const role = messages[i]!.role;
    if (role === messages[i - 1]!.role) {
      return `messages.${i}: roles must alternate between "user" and "assistant", but found multiple "${role}" roles in a row`;
    }
  }
  const last = messages.length - 1;
  if (lastRole === "user" && messages[last]!.role !== "user") {
    return `messages.${last}: the last message must use the "user" role (the simulator does not accept an assistant prefill)`;
  }
  return undefined;
}

function checkToolPairing(messages: readonly MessageParam[]): Problem {
  const seen = new Set<string>();
  for (const [i, message] of messages.entries()) {
    const problem =
      message.role === "assistant"
        ? (checkToolUses(message, i, seen) ?? (i === messages.length - 1 ? unanswered(i, toolUseIds(message)) : undefined))
        : checkToolResults(message, i, toolUseIds(messages[i - 1]));
    if (problem) return problem;
  }
  return undefined;
}

/** A tool_use id names one call for the whole conversation: results are matched by it. */
function checkToolUses(message: MessageParam, i: number, seen: Set<string>): Problem {
  for (const [j, block] of blocksOf(message).entries()) {
    if (block.type !== "tool_use") continue;
    if (seen.has(block.id)) return `messages.${i}.content.${j}: \`tool_use\` ids must be unique (duplicate: ${block.id})`;
    seen.add(block.id);
  }
  return undefined;
}

/** A user message answers every call of the assistant message before it, results first. */
function checkToolResults(message: MessageParam, i: number, asked: string[]): Problem {
  const answered = new Set<string>();
  let firstOther: { j: number; type: string } | undefined;
  for (const [j, block] of blocksOf(message).entries()) {
    const path = `messages.${i}.content.${j}`;
    if (block.type !== "tool_result") {
      firstOther ??= { j, type: block.type };
      continue;
    }
    const id = block.tool_use_id;
    if (firstOther) {
      return `${path}: \`tool_result\` blocks must come first in a user message, but this one follows a ${firstOther.type} block (messages.${i}.content.${firstOther.j})`;
    }
    if (!asked.includes(id)) {
      return `${path}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
    }
    if (answered.has(id)) return `${path}: each tool_use must have a single result. Found multiple \`tool_result\` blocks with id: ${id}`;
    answered.add(id);
  }
  return unanswered(i - 1, asked.filter((id) => !answered.has(id)));
}

/** Calls of message `i` that the next message does not answer (it may be missing). */
function unanswered(i: number, missing: string[]): Problem {
  if (missing.length === 0) return undefined;
  return `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
}

/** At most MAX_BREAKPOINTS `cache_control` marks: on tools, system blocks, message blocks and the blocks inside tool results. */
export function checkBreakpoints(request: { tools?: unknown; system?: unknown; messages: readonly { content: unknown }[] }): Problem {
  const found =
    countBreakpoints(request.tools) +
    countBreakpoints(request.system) +
    request.messages.reduce((sum, message) => sum + countBreakpoints(message.content), 0);
  return found > MAX_BREAKPOINTS ? `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${found}.` : undefined;
}

/** The marks in a list of blocks (or tools); anything that is not a list holds none. */
function countBreakpoints(items: unknown): number {
  if (!Array.isArray(items)) return 0;
  return items.filter(isObject).reduce((sum, item) => {
    const own = isObject(item.cache_control) ? 1 : 0;
    return sum + own + (item.type === "tool_result" ? countBreakpoints(item.content) : 0);
  }, 0);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
