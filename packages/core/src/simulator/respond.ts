/**
 * Turning a scripted turn into what the real API would send back: a `Message` with generated
 * ids and usage, or an error body. The shapes are the SDK's own types, so a lesson that reads
 * a simulated response reads exactly what it would read from the real API.
 */
import type { ContentBlock, Message, StopReason, Usage } from "../runtime/protocol.ts";
import type { ScriptBlock } from "./script.ts";
import type { CacheFigures } from "./prompt-cache.ts";
import { estimateTokens } from "./request.ts";

/** What a response needs besides the turn: the request's model and budget, its input as cached, fresh ids. */
export interface ResponseContext {
  model: string;
  maxTokens: number;
  input: CacheFigures;
  messageId: string;
  nextToolUseId: () => string;
}

export function errorBody(type: string, message: string, requestId: string) {
  return { type: "error", error: { type, message }, request_id: requestId };
}

/** The size of a block's output: its text, or the JSON the model would write for a tool call. */
function blockChars(block: ScriptBlock): number {
  return block.type === "text" ? block.text.length : JSON.stringify(block.input).length;
}

/**
 * Cut the content where `max_tokens` runs out, as a real model stops mid-sentence: text is
 * cut at the budget, a tool call that does not fit is dropped, and nothing after the cut is sent.
 */
function truncate(blocks: ScriptBlock[], maxTokens: number): { blocks: ScriptBlock[]; truncated: boolean } {
  let budget = maxTokens * 4;
  const kept: ScriptBlock[] = [];
  for (const block of blocks) {
    const chars = blockChars(block);
    if (chars <= budget) {
      kept.push(block);
      budget -= chars;
      continue;
    }
    // An empty text block would be rejected when the harness sends it back, so none is made.
    if (block.type === "text" && budget > 0) kept.push({ type: "text", text: block.text.slice(0, budget) });
    return { blocks: kept, truncated: true };
  }
  return { blocks: kept, truncated: false };
}

function toContentBlock(block: ScriptBlock, ctx: ResponseContext): ContentBlock {
  if (block.type === "text") return { type: "text", text: block.text, citations: null };
  return { type: "tool_use", id: ctx.nextToolUseId(), name: block.name, input: block.input, caller: { type: "direct" } };
}

function usage(input: CacheFigures, outputTokens: number): Usage {
  return {
    input_tokens: input.inputTokens,
    output_tokens: outputTokens,
    cache_creation_input_tokens: input.cacheWriteTokens,
    cache_read_input_tokens: input.cacheReadTokens,
    cache_creation: null,
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: "standard",
    speed: null,
  };
}

export function buildMessage(scripted: ScriptBlock[], stopReason: StopReason | undefined, ctx: ResponseContext): Message {
  const { blocks, truncated } = truncate(scripted, ctx.maxTokens);
  const outputChars = blocks.reduce((sum, block) => sum + blockChars(block), 0);
  const inferred: StopReason = blocks.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn";
  return {
    id: ctx.messageId,
    type: "message",
    role: "assistant",
    model: ctx.model,
    content: blocks.map((block) => toContentBlock(block, ctx)),
    stop_reason: truncated ? "max_tokens" : (stopReason ?? inferred),
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: usage(ctx.input, estimateTokens(outputChars)),
  };
}
