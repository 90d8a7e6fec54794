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
 *
 * Hooks are plain async functions with a name (the docs list them by name).
 */
import type { Message, MessageParam, ToolUseBlock } from "../protocol.ts";
import { errorText, type Tool, type ToolOutcome } from "../tool.ts";
import type { Renderer } from "../ui/renderer.ts";

/** What every hook can see about the agent it runs in. */
export interface HookContext {
  agent: string;
  cwd: string;
  signal: AbortSignal;
  renderer: Renderer;
  /** The live conversation. Read it; change it only from PreModel. */
  messages: MessageParam[];
}

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

export interface StopResult {
  /** Keep working: this text becomes the next user message. */
  continueWith?: string;
}

export interface HookEvents {
  UserPromptSubmit: (e: { prompt: string }, ctx: HookContext) => Promise<UserPromptSubmitResult | void>;
  /** Return a new message list to replace the conversation (it must keep the protocol's invariants). */
  PreModel: (e: { round: number }, ctx: HookContext) => Promise<MessageParam[] | void>;
  PreToolUse: (e: { call: ToolCall }, ctx: HookContext) => Promise<PreToolUseResult | void>;
  PostToolUse: (e: { call: ToolCall; outcome: ToolOutcome }, ctx: HookContext) => Promise<PostToolUseResult | void>;
  /** Return text blocks to add after this round's tool results, in the same user message. */
  PostToolBatch: (e: { uses: ToolUseBlock[]; outcomes: ToolOutcome[] }, ctx: HookContext) => Promise<string[] | void>;
  Stop: (e: { response: Message; continuations: number }, ctx: HookContext) => Promise<StopResult | void>;
}

export type HookEvent = keyof HookEvents;
export const HOOK_EVENTS: readonly HookEvent[] = [
  "UserPromptSubmit",
  "PreModel",
  "PreToolUse",
  "PostToolUse",
  "PostToolBatch",
  "Stop",
];

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

/**
 * Run one hook; if it throws, show the error and go on as if it had returned nothing. One
 * broken extension must not end the session. (PreToolUse is the exception: a permission
 * check that fails must deny, so run-tools.ts handles it itself.) A cancel still cancels.
 */
export async function runHookSafely<T>(hook: Hook, ctx: HookContext, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    ctx.renderer.error(`${hook.event} hook "${hook.name}" failed: ${errorText(err)}`);
    return undefined;
  }
}
