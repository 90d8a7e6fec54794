/**
 * A trace, told as numbered steps. Each line of a trace is one step: a request the harness
 * sent (how long the conversation is, which tools it offered, and the newest message — the
 * user's words or the tool results), a response the model gave (its text, the tools it asked
 * for, why it stopped, what it cost), or an error. The docs' walkthroughs and `pnpm trace`
 * both print traces through this one renderer, so what a reader sees in a README is what
 * they will see for their own runs.
 */
import type { TraceEntry } from "@learn/core/harness";
import { EN, type Labels } from "./labels.ts";
import { code } from "./markdown.ts";
import { compactJson, quoted } from "./trim.ts";

/** Longest string a step shows before cutting it with `…`. */
export const STEP_TEXT_LIMIT = 160;

export interface StepOptions {
  labels?: Labels;
  /** Longest string shown; Infinity shows everything (`pnpm trace --full`). */
  limit?: number;
  /** Name the agent on each step; on by default when more than one agent is in the trace. */
  showAgent?: boolean;
}

/** The loose shapes read from a trace: a trace file may come from any run, so nothing is assumed. */
interface Block {
  type?: string;
  text?: string;
  thinking?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  is_error?: boolean;
  content?: unknown;
}
interface Message {
  role?: string;
  content?: string | Block[];
}
interface RequestBody {
  messages?: Message[];
  tools?: { name?: string }[];
}
interface ResponseBody {
  content?: Block[];
  stop_reason?: string | null;
  usage?: { input_tokens?: number; output_tokens?: number; cache_read_input_tokens?: number | null; cache_creation_input_tokens?: number | null };
}

/** All entries as steps numbered from `first`, separated by blank lines. */
export function renderSteps(entries: readonly TraceEntry[], options: StepOptions = {}, first = 1): string {
  const showAgent = options.showAgent ?? new Set(entries.map((e) => e.agent)).size > 1;
  return entries.map((entry, i) => renderStep(entry, first + i, { ...options, showAgent })).join("\n\n");
}

export function renderStep(entry: TraceEntry, n: number, options: StepOptions = {}): string {
  const labels = options.labels ?? EN;
  const limit = options.limit ?? STEP_TEXT_LIMIT;
  const title = (kind: string) =>
    `**${labels.step(n)} · ${kind}**${options.showAgent ? ` · ${labels.agent} ${code(entry.agent)}` : ""}`;
  if (entry.type === "request") return renderRequest(entry.body as RequestBody, title(labels.request), labels, limit);
  if (entry.type === "response") return renderResponse(entry.body as ResponseBody, title(labels.response), labels, limit);
  const message = (entry.body as { message?: unknown } | null)?.message;
  return `${title(labels.error)} · ${code(quoted(String(message ?? JSON.stringify(entry.body)), limit))}`;
}

function renderRequest(body: RequestBody, title: string, labels: Labels, limit: number): string {
  const messages = body.messages ?? [];
  const tools = (body.tools ?? []).map((t) => code(String(t.name)));
  const head = [title, labels.messages(messages.length), tools.length ? labels.toolsOffered(tools.join(", ")) : labels.noTools];
  const last = messages.at(-1);
  const lines = last ? messageLines(last, labels, limit) : [];
  return [head.join(" · "), "", ...lines].join("\n").trimEnd();
}

/** The newest message: plain text, or each of its blocks (tool results first, as sent). */
function messageLines(message: Message, labels: Labels, limit: number): string[] {
  const role = message.role === "user" ? labels.user : String(message.role);
  if (typeof message.content === "string") return [`- ${role}${labels.colon}${code(quoted(message.content, limit))}`];
  const blocks = message.content ?? [];
  if (blocks.length === 0) return [`- ${role}${labels.colon}${labels.noContent}`];
  return blocks.map((block) => `- ${blockLine(block, limit)}`);
}

function renderResponse(body: ResponseBody, title: string, labels: Labels, limit: number): string {
  const head = [title, `stop_reason: ${code(String(body.stop_reason))}`];
  if (body.usage) head.push(usageLine(body.usage, labels));
  const blocks = body.content ?? [];
  const lines = blocks.length ? blocks.map((block) => `- ${blockLine(block, limit)}`) : [`- ${labels.noContent}`];
  return [head.join(" · "), "", ...lines].join("\n");
}

/** The input as a whole, with the prompt cache's part when there is one (as the screen shows it). */
function usageLine(usage: NonNullable<ResponseBody["usage"]>, labels: Labels): string {
  const read = usage.cache_read_input_tokens ?? 0;
  const written = usage.cache_creation_input_tokens ?? 0;
  const input = (usage.input_tokens ?? 0) + read + written;
  return labels.usage(input, usage.output_tokens ?? 0, read || written ? { read, written } : undefined);
}

/** One content block on one line: its type, what identifies it, and its (cut) content. */
function blockLine(block: Block, limit: number): string {
  switch (block.type) {
    case "text":
      return `text: ${code(quoted(block.text ?? "", limit))}`;
    case "thinking":
      return `thinking: ${code(quoted(block.thinking ?? "", limit))}`;
    case "tool_use":
      return `tool_use ${code(String(block.name))} ${code(String(block.id))}: ${code(compactJson(block.input, limit))}`;
    case "tool_result": {
      const flag = block.is_error ? " · is_error: true" : "";
      return `tool_result ${code(String(block.tool_use_id))}${flag}: ${code(quoted(resultText(block.content), limit))}`;
    }
    default:
      return String(block.type ?? "unknown block");
  }
}

/** A tool result's content is a string, or a list of text (and image) blocks. */
function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as Block[]).map((b) => (b.type === "text" ? (b.text ?? "") : `[${b.type}]`)).join("\n");
}
