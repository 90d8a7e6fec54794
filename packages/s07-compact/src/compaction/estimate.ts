/**
 * How big a request is, before it is sent: characters / 4, the same rough rule the offline
 * simulator uses (a real tokenizer would count a little differently; a threshold needs a
 * consistent gauge more than an exact one). The request is measured as it would be sent —
 * system prompt, tools and messages as JSON — and broken down by kind for `/context`:
 *
 *   system · tools · user text · assistant text · tool_use inputs · tool results
 *   · persisted markers · summaries · message framing     (the rows add up to the total)
 *
 * ("message framing" is the JSON around the blocks — `{"role":"user","content":[…]}` — small per
 * message, but a few thousand tokens over a long session: the API counts it, so the estimate does.)
 */
import { blocksOf, type ContentBlockParam, type MessageParam, type TextBlockParam, type ToolSpec } from "@learn/core";
import { PERSISTED_TAG } from "./persist.ts";
import { SUMMARY_TAG } from "./summary-prompt.ts";

/** What a request is made of, for measuring: the parts the API reads. */
export interface RequestParts {
  system?: string | readonly TextBlockParam[];
  messages: readonly MessageParam[];
  tools?: readonly ToolSpec[];
}

export const CONTEXT_KINDS = ["system", "tools", "user text", "assistant text", "tool_use inputs", "tool results", "persisted markers", "summaries", "message framing"] as const;
export type ContextKind = (typeof CONTEXT_KINDS)[number];

export const tokensOf = (chars: number): number => Math.ceil(chars / 4);

/** Characters of the request by kind; their sum is what `estimateTokens` measures. */
export function charsByKind(request: RequestParts): Record<ContextKind, number> {
  const chars = Object.fromEntries(CONTEXT_KINDS.map((k) => [k, 0])) as Record<ContextKind, number>;
  chars.system = request.system?.length ? JSON.stringify(request.system).length : 0;
  chars.tools = request.tools?.length ? JSON.stringify(request.tools).length : 0;
  for (const message of request.messages) {
    const blocks = blocksOf(message);
    let inBlocks = 0;
    for (const block of blocks) {
      const size = JSON.stringify(block).length;
      chars[kindOf(block, message.role)] += size;
      inBlocks += size;
    }
    chars["message framing"] += JSON.stringify(message).length - inBlocks;
  }
  return chars;
}

/** Estimated tokens by kind (each kind's characters / 4, rounded up). */
export function tokensByKind(request: RequestParts): Record<ContextKind, number> {
  const chars = charsByKind(request);
  return Object.fromEntries(CONTEXT_KINDS.map((k) => [k, tokensOf(chars[k])])) as Record<ContextKind, number>;
}

/** Estimated tokens of the whole request: the sum of its kinds, so `/context` adds up to it. */
export function estimateTokens(request: RequestParts): number {
  return Object.values(tokensByKind(request)).reduce((a, b) => a + b, 0);
}

function kindOf(block: ContentBlockParam, role: MessageParam["role"]): ContextKind {
  switch (block.type) {
    case "tool_use":
      return "tool_use inputs";
    case "tool_result":
      return JSON.stringify(block.content ?? "").includes(`<${PERSISTED_TAG} `) ? "persisted markers" : "tool results";
    case "text":
      if (role === "assistant") return "assistant text";
      return block.text.startsWith(`<${SUMMARY_TAG}>`) ? "summaries" : "user text";
    default:
      return role === "assistant" ? "assistant text" : "user text";
  }
}
