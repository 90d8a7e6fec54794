/**
 * Reading a request that passed validation: the few things the script logic looks at.
 */
import type { MessageParam, TextBlockParam, ToolSpec } from "../runtime/protocol.ts";

/** The part of a valid request body the simulator uses. */
export interface SimRequest {
  model: string;
  max_tokens: number;
  messages: MessageParam[];
  system?: string | TextBlockParam[];
  tools?: ToolSpec[];
  stream?: boolean;
}

/** The prompt of any Messages API request (a `MessageCreateParams` fits too). */
export interface PromptParts {
  system?: unknown;
  messages: unknown;
  tools?: unknown;
}

/** Tokens are estimated, not counted: about four characters each, as a rule of thumb. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/** The prompt's size: what the model would have to read (system, messages and tools). */
export function promptTokens(request: PromptParts): number {
  const { system, messages, tools } = request;
  return estimateTokens(JSON.stringify({ system, messages, tools }).length);
}

/** All text of the last user message, tool results included (that is where tool output lands). */
export function lastUserText(request: SimRequest): string {
  const last = request.messages.at(-1);
  if (!last) return "";
  if (typeof last.content === "string") return last.content;
  return last.content.map(blockText).filter((t) => t !== "").join("\n");
}

function blockText(block: unknown): string {
  const b = block as { type?: string; text?: string; content?: unknown };
  if (b.type === "text") return b.text ?? "";
  if (b.type !== "tool_result") return "";
  if (typeof b.content === "string") return b.content;
  return Array.isArray(b.content) ? b.content.map(blockText).join("\n") : "";
}

/** The last tool_result block of the last user message: its text and whether it is an error. */
export function lastToolResult(request: SimRequest): { text: string; isError: boolean } | undefined {
  const last = request.messages.at(-1);
  if (!last || typeof last.content === "string") return undefined;
  const block = last.content.findLast((b) => b.type === "tool_result");
  if (block?.type !== "tool_result") return undefined;
  return { text: blockText(block), isError: block.is_error === true };
}

export function systemText(request: SimRequest): string | undefined {
  const { system } = request;
  if (system === undefined || typeof system === "string") return system;
  return system.map((block) => block.text).join("\n");
}

export function toolNames(request: SimRequest): string[] {
  return (request.tools ?? []).map((tool) => tool.name);
}

/** Long text cut in the middle, quoted, on one line: error messages must stay readable. */
export function quote(text: string, max = 200): string {
  const head = max - 80;
  const tail = 60;
  const cut = text.length - head - tail;
  const short = text.length <= max ? text : `${text.slice(0, head)} …[${cut} chars cut]… ${text.slice(-tail)}`;
  return JSON.stringify(short);
}
