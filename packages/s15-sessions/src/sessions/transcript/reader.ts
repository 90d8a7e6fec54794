/**
 * Reading a transcript back: the conversation is the path from its leaf to its root.
 *
 *   lines ──► entries by uuid ──► leaf (the last message, or the last leaf marker after it)
 *         ──► walk parentUuid back to null (a compaction boundary is a root) ──► messages
 *
 * What it will not trust, it says so, line by line:
 *   - the last line torn (no newline, not JSON): a crash mid-write — dropped, with a note;
 *   - any other line that is not a JSON object, or a message entry of the wrong shape or of
 *     another session (a foreign line): the conversation is resumed as it stood before that
 *     line, with a note naming it — what came after may hang on what cannot be read;
 *   - a conversation that breaks the API's rules even so: refused, with the rule it breaks.
 * A call the model asked for whose result never came (the session died mid-turn) is answered
 * as interrupted, as a cancelled turn's call is. Lines of kinds this course does not write
 * (Claude Code's attachments, queue operations, cost) are walked through, never shown to the model.
 */
import { checkConversation, type MessageParam } from "@learn/core";
import { readRegularText } from "@learn/core/harness";
import { BoundaryEntry, LeafEntry, MessageEntry, messageOf } from "./entry.ts";
import type { WrittenMessage } from "./writer.ts";

/** What a resumed call whose result never came is answered with: Claude Code 2.1.328's words, checked on a cut transcript. */
export const INTERRUPTED_ON_RESUME =
  "[Tool call interrupted: the session ended before this call's result was recorded, so its outcome is unknown. Check whether it took effect before relying on it or running it again.]";

export interface LoadedTranscript {
  sessionId: string;
  messages: MessageParam[];
  /** The entries of `messages`, one for one, to go on writing after (undefined when they are not one for one). */
  path?: WrittenMessage[];
  /** What was dropped or patched, for the person resuming. */
  notes: string[];
  /** Every answer's model and usage in the file, on the path or not: they were all paid for (/cost). */
  usages: { model?: string; usage?: unknown }[];
}

export class TranscriptError extends Error {
  override name = "TranscriptError";
}

interface Node {
  parent: string | null;
  entry?: MessageEntry;
}

export async function loadTranscript(file: string, sessionId: string): Promise<LoadedTranscript> {
  const text = await readRegularText(file);
  return parseTranscript(text, file, sessionId);
}

export function parseTranscript(text: string, file: string, sessionId: string): LoadedTranscript {
  const nodes = new Map<string, Node>();
  const notes: string[] = [];
  const usages: LoadedTranscript["usages"] = [];
  let leaf: string | null = null;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    const torn = i === lines.length - 1; // no newline after it: the write never finished
    const value = parseLine(line);
    const problem = value === undefined ? "not JSON" : foreign(value, sessionId);
    if (problem) {
      notes.push(torn ? `${file} line ${i + 1}: the last line was cut off mid-write (a crash); it is left out.` : `${file} line ${i + 1} cannot be trusted (${problem}): the conversation is resumed as it stood before it.`);
      break;
    }
    const record = value as Record<string, unknown>;
    const message = MessageEntry.safeParse(record);
    if (message.success) {
      const entry = message.data as MessageEntry;
      nodes.set(entry.uuid, { parent: entry.parentUuid, entry });
      if (entry.type === "assistant") usages.push({ model: pick(entry.message, "model"), usage: (entry.message as { usage?: unknown }).usage });
      leaf = entry.uuid;
      continue;
    }
    const boundary = BoundaryEntry.safeParse(record);
    if (boundary.success) nodes.set(boundary.data.uuid, { parent: null });
    else if (LeafEntry.safeParse(record).success) leaf = (record as LeafEntry).leafUuid;
    else if (typeof record.uuid === "string") nodes.set(record.uuid, { parent: typeof record.parentUuid === "string" ? record.parentUuid : null });
  }
  const conversation = conversationTo(leaf, nodes, file);
  return { sessionId, ...conversation, notes: [...notes, ...conversation.notes], usages };
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

/** Why a line is not one of this session's, or undefined when it may be. */
function foreign(value: unknown, sessionId: string): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not a JSON object";
  const record = value as Record<string, unknown>;
  if (record.sessionId !== undefined && record.sessionId !== sessionId) return `an entry of session ${String(record.sessionId)}`;
  if ((record.type === "user" || record.type === "assistant") && !MessageEntry.safeParse(record).success) return `a ${record.type} entry without a valid uuid, parentUuid, cwd, timestamp or message`;
  return undefined;
}

function pick(message: unknown, key: string): string | undefined {
  const value = (message as Record<string, unknown>)[key];
  return typeof value === "string" ? value : undefined;
}

/** The messages on the path from the root to `leaf`, consecutive same-role entries joined (Claude Code writes a message block by block). */
function conversationTo(leaf: string | null, nodes: Map<string, Node>, file: string): Pick<LoadedTranscript, "messages" | "path" | "notes"> {
  const entries: MessageEntry[] = [];
  const seen = new Set<string>();
  for (let at = leaf; at !== null; ) {
    if (seen.has(at)) throw new TranscriptError(`${file}: its entries point back in a circle at ${at}: it cannot be resumed`);
    seen.add(at);
    const node = nodes.get(at);
    if (!node) throw new TranscriptError(`${file}: entry ${at} is missing (its child points to it): the conversation cannot be followed back`);
    if (node.entry) entries.push(node.entry);
    at = node.parent;
  }
  entries.reverse();
  const messages: MessageParam[] = [];
  let oneForOne = true;
  for (const entry of entries) {
    const message = messageOf(entry);
    const last = messages.at(-1);
    if (last?.role === message.role) {
      messages[messages.length - 1] = { role: message.role, content: [...blocks(last), ...blocks(message)] } as MessageParam;
      oneForOne = false;
    } else messages.push(message);
  }
  const notes = answerDangling(messages);
  const problem = checkConversation(messages, { lastRole: "any" });
  if (problem) throw new TranscriptError(`${file}: the conversation it holds breaks the API's rules (${problem}): it cannot be resumed`);
  const path = oneForOne ? entries.map((e, i) => ({ uuid: e.uuid, json: JSON.stringify(messages[i]) })) : undefined;
  return { messages, path, notes };
}

function blocks(message: MessageParam) {
  return typeof message.content === "string" ? [{ type: "text" as const, text: message.content }] : message.content;
}

/** The last message asks for tools whose results never came: answer each as interrupted. */
function answerDangling(messages: MessageParam[]): string[] {
  const last = messages.at(-1);
  if (last?.role !== "assistant" || typeof last.content === "string") return [];
  const open = last.content.filter((b) => b.type === "tool_use").map((b) => (b as { id: string }).id);
  if (open.length === 0) return [];
  messages.push({ role: "user", content: open.map((id) => ({ type: "tool_result" as const, tool_use_id: id, content: INTERRUPTED_ON_RESUME, is_error: true })) });
  return [`The session ended in the middle of a turn: ${open.length} tool call${open.length === 1 ? "" : "s"} without a result ${open.length === 1 ? "is" : "are"} answered as interrupted.`];
}
