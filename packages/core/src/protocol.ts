/**
 * The protocol types every part of the harness speaks: the Anthropic Messages API,
 * as the real SDK defines it. Re-exported here so lessons import them from one place.
 */
import type Anthropic from "@anthropic-ai/sdk";

export type Message = Anthropic.Message;
export type MessageParam = Anthropic.MessageParam;
export type ContentBlock = Anthropic.ContentBlock;
export type ContentBlockParam = Anthropic.ContentBlockParam;
export type TextBlockParam = Anthropic.TextBlockParam;
export type ToolUseBlock = Anthropic.ToolUseBlock;
export type ToolUseBlockParam = Anthropic.ToolUseBlockParam;
export type ToolResultBlockParam = Anthropic.ToolResultBlockParam;
export type ToolSpec = Anthropic.Tool;
export type Usage = Anthropic.Usage;
export type StopReason = Anthropic.StopReason;
export type MessageCreateParams = Anthropic.MessageCreateParamsNonStreaming;
