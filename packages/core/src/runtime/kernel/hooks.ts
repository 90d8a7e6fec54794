/**
 * The kernel's extension points. Every mechanism after s03 hangs here, never inside the loop.
 * Names follow Claude Code's hook events where one exists.
 *
 *   UserPromptSubmit  before a prompt joins the conversation: block it, or add context
 *   PreModel          before every model call: rewrite the message list (compaction) or add to it
 *   PreToolUse        before each tool call: allow / deny, maybe rewrite the input (permissions)
 *   PostToolUse       after each tool call: see the result, add context for the model
 *   PostToolBatch     after a round's tool calls: add text blocks after the results (reminders)
 *   Stop              when the model asks for no tool: return a message to keep it working
 *   PreCompact        before a compaction summarises the conversation (s07 fires it through
 *                     `ctx.beforeCompact`): add to its instructions, or block it
 *   PostCompact       once a compaction has its summary (`ctx.afterCompact`): add context after it
 *
 * Hooks are plain async functions with a name (the docs list them by name).
 */
import type { AgentContext, PostCompactEvent, PostCompactResult, PreCompactEvent, PreCompactResult } from "../agent/context.ts";
import type { Message, MessageParam, ToolUseBlock } from "../protocol.ts";
import type { Tool, ToolOutcome } from "../tool.ts";

/** One tool call as the model asked for it (input already validated against the schema). */
export interface ToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
  tool: Tool;
}

export interface UserPromptSubmitResult {
  /** Refuse the prompt: it is not sent, and the user sees this reason. */
  block?: string;
  /** Extra text the model sees with the prompt. */
  context?: string;
}

export interface PreToolUseResult {
  /** deny: the call does not run; the model gets the reason as an error result. */
  decision?: "allow" | "deny";
  reason?: string;
  /** Run the call with this input instead (later hooks see it too). */
  updatedInput?: Record<string, unknown>;
}

export interface PostToolUseResult {
  /** Text appended to the result the model reads. */
  context?: string;
}

export interface PostToolBatchResult {
  /** Text blocks added after this round's tool results, in the same user message (reminders). */
  append?: string[];
  /** End the turn after this round (an `idle` tool, an approved shutdown): no further model call. */
  endTurn?: boolean;
}

export interface StopResult {
  /** Keep working: this text becomes the next user message. */
  continueWith?: string;
}

export interface HookEvents {
  UserPromptSubmit: (e: { prompt: string }, ctx: AgentContext) => Promise<UserPromptSubmitResult | void>;
  /** Return a new message list to replace the conversation (it must keep the protocol's invariants). */
  PreModel: (e: { round: number }, ctx: AgentContext) => Promise<MessageParam[] | void>;
  PreToolUse: (e: { call: ToolCall }, ctx: AgentContext) => Promise<PreToolUseResult | void>;
  /** `durationMs`: how long the tool itself ran (Claude Code's hooks get it as `duration_ms`). */
  PostToolUse: (e: { call: ToolCall; outcome: ToolOutcome; durationMs?: number }, ctx: AgentContext) => Promise<PostToolUseResult | void>;
  /** `tools[i]`: the tool `uses[i]` called (undefined for a name the agent has no tool for): what it declares (`keepsPlan`). */
  PostToolBatch: (e: { uses: ToolUseBlock[]; outcomes: ToolOutcome[]; tools: (Tool | undefined)[] }, ctx: AgentContext) => Promise<PostToolBatchResult | void>;
  Stop: (e: { response: Message; continuations: number }, ctx: AgentContext) => Promise<StopResult | void>;
  PreCompact: (e: PreCompactEvent, ctx: AgentContext) => Promise<PreCompactResult | void>;
  PostCompact: (e: PostCompactEvent, ctx: AgentContext) => Promise<PostCompactResult | void>;
}

export type HookEvent = keyof HookEvents;

export interface Hook<E extends HookEvent = HookEvent> {
  event: E;
  name: string;
  run: HookEvents[E];
}

/** Define a hook with its event and name; `run`'s argument types follow from the event. */
export function defineHook<E extends HookEvent>(event: E, name: string, run: HookEvents[E]): Hook<E> {
  return { event, name, run };
}

/** The hooks of one event, in registration order. */
export function hooksFor<E extends HookEvent>(hooks: readonly Hook[], event: E): Hook<E>[] {
  return hooks.filter((h): h is Hook<E> => h.event === event);
}
