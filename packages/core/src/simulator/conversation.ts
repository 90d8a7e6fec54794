/**
 * The rules across messages, checked once every message is well formed (validate.ts).
 * These are the protocol invariants an agent loop must keep: who speaks when, and every
 * tool call answered exactly once, right after it was made. Compaction, reminders and
 * inboxes all rewrite the message list, so these are the rules they most often break.
 * Where the real API is more lenient (it merges consecutive user messages, it accepts an
 * assistant prefill as the last message), the simulator is stricter on purpose.
 */
import type { Problem } from "./validate.ts";

type Block = Record<string, unknown>;
export interface Msg { role: "user" | "assistant"; content: string | Block[] }

function blocksOf(message: Msg): Block[] {
  return typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
}

function toolUseIds(message: Msg | undefined): string[] {
  if (message?.role !== "assistant") return [];
  return blocksOf(message).filter((b) => b.type === "tool_use").map((b) => b.id as string);
}

export function checkConversation(messages: Msg[]): Problem {
  return checkRoles(messages) ?? checkToolPairing(messages);
}

function checkRoles(messages: Msg[]): Problem {
  if (messages[0]?.role !== "user") return `messages.0.role: first message must use the "user" role`;
  for (let i = 1; i < messages.length; i++) {
    const role = messages[i]?.role;
    if (role === messages[i - 1]?.role) {
      return `messages.${i}: roles must alternate between "user" and "assistant", but found multiple "${role}" roles in a row`;
    }
  }
  const last = messages.length - 1;
  if (messages[last]?.role !== "user") {
    return `messages.${last}: the last message must use the "user" role (the simulator does not accept an assistant prefill)`;
  }
  return undefined;
}

function checkToolPairing(messages: Msg[]): Problem {
  const seen = new Set<string>();
  for (const [i, message] of messages.entries()) {
    const problem =
      message.role === "assistant"
        ? checkToolUses(message, i, seen)
        : checkToolResults(message, i, toolUseIds(messages[i - 1]));
    if (problem) return problem;
  }
  return undefined;
}

/** A tool_use id names one call for the whole conversation: results are matched by it. */
function checkToolUses(message: Msg, i: number, seen: Set<string>): Problem {
  for (const [j, block] of blocksOf(message).entries()) {
    if (block.type !== "tool_use") continue;
    const id = block.id as string;
    if (seen.has(id)) return `messages.${i}.content.${j}: \`tool_use\` ids must be unique (duplicate: ${id})`;
    seen.add(id);
  }
  return undefined;
}

/** A user message answers every call of the assistant message before it, results first. */
function checkToolResults(message: Msg, i: number, asked: string[]): Problem {
  const answered = new Set<string>();
  let firstOther: { j: number; type: unknown } | undefined;
  for (const [j, block] of blocksOf(message).entries()) {
    const path = `messages.${i}.content.${j}`;
    if (block.type !== "tool_result") {
      firstOther ??= { j, type: block.type };
      continue;
    }
    const id = block.tool_use_id as string;
    if (firstOther) {
      return `${path}: \`tool_result\` blocks must come first in a user message, but this one follows a ${String(firstOther.type)} block (messages.${i}.content.${firstOther.j})`;
    }
    if (!asked.includes(id)) {
      return `${path}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
    }
    if (answered.has(id)) {
      return `${path}: each tool_use must have a single result. Found multiple \`tool_result\` blocks with id: ${id}`;
    }
    answered.add(id);
  }
  const missing = asked.filter((id) => !answered.has(id));
  if (missing.length === 0) return undefined;
  return `messages.${i - 1}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
}
