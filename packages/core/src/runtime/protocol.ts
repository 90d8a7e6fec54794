/**
 * The protocol types every part of the harness speaks: the Anthropic Messages API,
 * as the real SDK defines it. Re-exported here so lessons import them from one place.
 *
 * And the course's two additions, here because both sides use them — the model call (model.ts)
 * and the offline simulator that answers it — and neither may import the other.
 */
import type Anthropic from "@anthropic-ai/sdk";

export type Message = Anthropic.Message;
export type MessageParam = Anthropic.MessageParam;
export type ContentBlock = Anthropic.ContentBlock;
export type ContentBlockParam = Anthropic.ContentBlockParam;
export type TextBlockParam = Anthropic.TextBlockParam;
export type ToolUseBlock = Anthropic.ToolUseBlock;
export type ToolResultBlockParam = Anthropic.ToolResultBlockParam;
export type ToolSpec = Anthropic.Tool;
export type Usage = Anthropic.Usage;
export type StopReason = Anthropic.StopReason;
export type MessageCreateParams = Anthropic.MessageCreateParamsNonStreaming;

/**
 * A request header naming the agent that sent it ("lead", a subagent's, a teammate's). The real
 * API ignores it; the simulator routes each request to that agent's turns of the script.
 */
export const AGENT_HEADER = "x-learn-agent";

/** How an agent's turn ended, as the harness tells whoever serves its model (Model.turnEnded). */
export type TurnEnd = "finished" | "failed" | "cancelled";
