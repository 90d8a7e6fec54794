/**
 * THE KERNEL — s02's loop, opened for extension. From s03 on no lesson edits this file:
 * every later mechanism is a tool, a hook, or a wrapper around the model call.
 *
 *   prompt ─► UserPromptSubmit ─► ┌─► PreModel ─► model (wrapped) ─► tool_use? ──no──► Stop ─► answer
 *                                 │                                     │yes             │ continueWith
 *                                 │   PostToolBatch ◄─ PostToolUse ◄─ run ◄─ PreToolUse  │
 *                                 └──────────────────────────────────────────────────────┘
 *
 * All state is per instance: a subagent or a teammate is just another Kernel with its own
 * messages, tools, hooks and agent name, running concurrently in the same process.
 */
import { appendUserText, assistantMessage, stopNotice, textOf, toolUsesOf } from "../messages.ts";
import type { Model } from "../model.ts";
import type { Message, MessageParam, TextBlockParam, ToolUseBlock } from "../protocol.ts";
import type { Tool, ToolOutcome } from "../tool.ts";
import type { Renderer } from "../ui/renderer.ts";
import { hooksFor, runHookSafely, type Hook, type HookContext } from "./hooks.ts";
import { wrapModelCall, type ModelCall, type ModelWrapper } from "./model-wrapper.ts";
import { runToolRound } from "./run-tools.ts";

/** How many times Stop hooks may keep one turn going: a budget, so it always ends. */
export const DEFAULT_STOP_CONTINUATIONS = 25;

export interface KernelOptions {
  model: Model;
  /** The system prompt, recomputed before each call when it is a function (s06 assembles it). */
  system: string | (() => string | Promise<string>);
  tools: readonly Tool[];
  hooks?: readonly Hook[];
  wrappers?: readonly ModelWrapper[];
  cwd: string;
  renderer: Renderer;
  /** Stop after this many model calls in one turn (a subagent: 30, a teammate: 50). */
  maxRounds?: number;
  maxStopContinuations?: number;
}

export class Kernel {
  /** The conversation. Hooks may replace its contents; the array itself stays the same. */
  readonly messages: MessageParam[] = [];
  private readonly tools: ReadonlyMap<string, Tool>;
  private readonly callModel: ModelCall;

  constructor(readonly options: KernelOptions) {
    this.tools = new Map(options.tools.map((t) => [t.name, t]));
    const { model } = options;
    this.callModel = wrapModelCall((request, signal) => model.call(request, signal), options.wrappers ?? []);
  }

  get agent(): string {
    return this.options.model.agent;
  }

  get hooks(): readonly Hook[] {
    return this.options.hooks ?? [];
  }

  /** Run one user prompt to the end; return the final answer's text. */
  async run(prompt: string, signal: AbortSignal): Promise<string> {
    const ctx = this.context(signal);
    const admitted = await this.submitPrompt(prompt, ctx);
    if (admitted === undefined) return "";
    appendUserText(this.messages, admitted);
    return this.loop(ctx);
  }

  private async loop(ctx: HookContext): Promise<string> {
    const { maxRounds = Infinity, maxStopContinuations = DEFAULT_STOP_CONTINUATIONS } = this.options;
    let continuations = 0;
    for (let round = 0; ; round++) {
      if (round >= maxRounds) {
        ctx.renderer.notice(`Stopped after ${maxRounds} rounds (the round budget of agent "${this.agent}").`);
        return `(stopped after ${maxRounds} rounds without a final answer)`;
      }
      await this.preModel(round, ctx);
      const response = await this.callModel(
        { system: await this.system(), messages: this.messages, tools: [...this.tools.values()].map((t) => t.spec) },
        ctx.signal,
      );
      this.messages.push(assistantMessage(response));

      const uses = toolUsesOf(response);
      if (uses.length === 0) {
        const notice = stopNotice(response);
        if (notice) ctx.renderer.notice(notice);
        const next = continuations < maxStopContinuations ? await this.stop(response, continuations, ctx) : undefined;
        if (next === undefined) return textOf(response);
        continuations++;
        appendUserText(this.messages, next);
        continue;
      }

      const { outcomes, blocks } = await runToolRound(uses, this.tools, this.hooks, ctx);
      const extra = await this.postToolBatch(uses, outcomes, ctx);
      this.messages.push({ role: "user", content: [...blocks, ...extra] });
      ctx.signal.throwIfAborted();
    }
  }

  private context(signal: AbortSignal): HookContext {
    const { cwd, renderer } = this.options;
    return { agent: this.agent, cwd, signal, renderer, messages: this.messages };
  }

  private async system(): Promise<string> {
    const { system } = this.options;
    return typeof system === "function" ? system() : system;
  }

  /** The prompt with any context hooks added, or undefined when a hook blocked it. */
  private async submitPrompt(prompt: string, ctx: HookContext): Promise<string | undefined> {
    let text = prompt;
    for (const hook of hooksFor(this.hooks, "UserPromptSubmit")) {
      const result = await runHookSafely(hook, ctx, () => hook.run({ prompt }, ctx));
      if (result?.block) {
        ctx.renderer.notice(`Prompt blocked by ${hook.name}: ${result.block}`);
        return undefined;
      }
      if (result?.context) text += `\n\n${result.context}`;
    }
    return text;
  }

  private async preModel(round: number, ctx: HookContext): Promise<void> {
    for (const hook of hooksFor(this.hooks, "PreModel")) {
      const replaced = await runHookSafely(hook, ctx, () => hook.run({ round }, ctx));
      if (replaced) this.messages.splice(0, this.messages.length, ...replaced);
    }
  }

  private async postToolBatch(uses: ToolUseBlock[], outcomes: ToolOutcome[], ctx: HookContext): Promise<TextBlockParam[]> {
    const texts: string[] = [];
    for (const hook of hooksFor(this.hooks, "PostToolBatch")) {
      const added = await runHookSafely(hook, ctx, () => hook.run({ uses, outcomes }, ctx));
      if (added) texts.push(...added);
    }
    return texts.map((text) => ({ type: "text", text }));
  }

  /** The first Stop hook that wants to keep going decides the next message. */
  private async stop(response: Message, continuations: number, ctx: HookContext): Promise<string | undefined> {
    for (const hook of hooksFor(this.hooks, "Stop")) {
      const result = await runHookSafely(hook, ctx, () => hook.run({ response, continuations }, ctx));
      if (result?.continueWith) return result.continueWith;
    }
    return undefined;
  }
}
