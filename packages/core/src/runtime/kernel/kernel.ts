/**
 * THE KERNEL — s02's loop, opened for extension. From s03 on no lesson edits this file:
 * every later mechanism is a tool, a hook, or a wrapper around the model call.
 *
 *   prompt ─► UserPromptSubmit ─► ┌─► PreModel ─► model (wrapped) ─► tool_use? ──no──► Stop ─► answer
 *                                 │                                     │yes             │ continueWith
 *                                 │   PostToolBatch ◄─ PostToolUse ◄─ run ◄─ PreToolUse  │
 *                                 └──────────── (endTurn ends here) ─────────────────────┘
 *
 * All state is per instance: a subagent (s05) or a teammate (s10) is just another Kernel with
 * its own messages, tools, hooks and agent name, running concurrently in the same process.
 */
import { createContext, type AgentContext } from "../agent/context.ts";
import { answerOpenToolUses, appendUserText, assistantMessage, markTurnStart, rollBackFailedTurn, stopNotice, textOf, toolUsesOf, type TurnStart } from "../messages.ts";
import type { Model } from "../model.ts";
import type { MessageParam, TextBlockParam } from "../protocol.ts";
import { INTERRUPTED_CALL, type Tool } from "../tool.ts";
import type { Renderer } from "../renderer.ts";
import type { Hook } from "./hooks.ts";
import { wrapModelCall, type ModelCall, type ModelWrapper } from "./model-wrapper.ts";
import { runPostCompact, runPostToolBatch, runPreCompact, runPreModel, runStop, runUserPromptSubmit } from "./run-hooks.ts";
import { runToolRound } from "./run-tools.ts";
import { flattenDeepInputs } from "../tool-input-depth.ts";

/** The model answered with no content at all: appending it would break every later request. */
class EmptyAnswerError extends Error {
  constructor(stopReason: string | null) {
    super(`The model sent an empty answer (stop reason: ${stopReason ?? "none"})`);
  }
}

/** How many times Stop hooks may keep one turn going: a budget, so it always ends. */
export const DEFAULT_STOP_CONTINUATIONS = 25;

/** The system prompt: fixed, or recomputed from the context before each call. */
export type SystemPrompt = string | TextBlockParam[] | ((ctx: AgentContext) => string | TextBlockParam[] | Promise<string | TextBlockParam[]>);

export interface KernelOptions {
  /** The agent's model client (its name is the agent's name). */
  model: Model;
  system: SystemPrompt;
  tools: readonly Tool[];
  /** In order of registration; the first PreToolUse hook decides first (permissions). */
  hooks?: readonly Hook[];
  /** Around every model call, outermost first (s06's cache marks, s07's error recovery). */
  wrappers?: readonly ModelWrapper[];
  /** The workspace, or a function read every round (an agent can move: into a worktree, s12). */
  cwd: string | (() => string);
  renderer: Renderer;
  /** Stop after this many model calls in one turn (s05's subagent: 30, s10's teammate: 50). */
  maxRounds?: number;
  /** Notes on live state for `ctx.liveState()`, what s07's compaction keeps (agentFrom: the parts' `liveState`). */
  liveState?: () => string[];
  maxStopContinuations?: number;
}

export class Kernel {
  /** The conversation. PreModel hooks may replace its contents; the array stays the same. */
  readonly messages: MessageParam[] = [];
  private readonly tools: ReadonlyMap<string, Tool>;
  private readonly callModel: ModelCall;
  private running = false;

  constructor(readonly options: KernelOptions) {
    this.tools = new Map(options.tools.map((t) => [t.name, t]));
    const { model } = options;
    this.callModel = wrapModelCall((request, ctx) => model.call(request, ctx.signal), options.wrappers ?? []);
  }

  get agent(): string {
    return this.options.model.agent;
  }

  /** True while a turn runs. */
  get busy(): boolean {
    return this.running;
  }

  get hooks(): readonly Hook[] {
    return this.options.hooks ?? [];
  }

  /** Forget the conversation (`/clear`). */
  clear(): void {
    this.messages.length = 0;
  }

  /** Run one user prompt to the end; return the final answer's text. One turn at a time. */
  async run(prompt: string, signal: AbortSignal): Promise<string> {
    if (this.running) throw new Error(`agent "${this.agent}" is already running a turn: one turn at a time`);
    this.running = true;
    try {
      const ctx = this.context(signal);
      const admitted = await runUserPromptSubmit(this.hooks, prompt, ctx);
      if (admitted === undefined) return "";
      const start = markTurnStart(this.messages);
      appendUserText(this.messages, admitted);
      return await this.loop(ctx).catch((err: unknown) => this.afterFailure(err, start, ctx));
    } finally {
      this.running = false;
    }
  }

  /** A failed turn: open tool calls answered as interrupted (a cancel mid-hook), the rest rolled back. */
  private afterFailure(err: unknown, start: TurnStart, ctx: AgentContext): string {
    answerOpenToolUses(this.messages, INTERRUPTED_CALL);
    const note = rollBackFailedTurn(this.messages, start, err);
    if (!(err instanceof EmptyAnswerError)) throw err;
    ctx.renderer.notice(`${err.message}; the turn ends here. ${note}`);
    return "";
  }

  /** The context every tool, hook, wrapper and command of this agent sees during a turn. */
  context(signal: AbortSignal): AgentContext {
    const { cwd, renderer, liveState } = this.options;
    return createContext({ agent: this.agent, cwd, signal, renderer, messages: this.messages, call: this.callModel, liveState,
      beforeCompact: (e, ctx) => runPreCompact(this.hooks, e, ctx), afterCompact: (e, ctx) => runPostCompact(this.hooks, e, ctx) });
  }

  private async loop(ctx: AgentContext): Promise<string> {
    const { maxRounds = Infinity, maxStopContinuations = DEFAULT_STOP_CONTINUATIONS } = this.options;
    let continuations = 0;
    for (let round = 0; ; round++) {
      if (round >= maxRounds) {
        ctx.renderer.notice(`Stopped after ${maxRounds} rounds (the round budget of agent "${this.agent}").`);
        return `(stopped after ${maxRounds} rounds without a final answer)`;
      }
      await runPreModel(this.hooks, round, ctx);
      const tools = [...this.tools.values()].map((t) => t.spec);
      const response = await ctx.model({ system: await this.system(ctx), messages: this.messages, tools });
      if (response.content.length === 0) throw new EmptyAnswerError(response.stop_reason);
      flattenDeepInputs(response); // any model, not only core's: nothing below may recurse into a 100,000-deep input
      this.messages.push(assistantMessage(response));

      const uses = toolUsesOf(response);
      if (uses.length === 0) {
        const next = continuations < maxStopContinuations ? await runStop(this.hooks, response, continuations, ctx) : undefined;
        if (next === undefined) {
          const notice = stopNotice(response); // only now: a Stop hook may have carried the turn on
          if (notice) ctx.renderer.notice(notice);
          return textOf(response);
        }
        continuations++;
        appendUserText(this.messages, next);
        continue;
      }

      const { outcomes, blocks } = await runToolRound(uses, this.tools, this.hooks, ctx);
      const batch = await runPostToolBatch(this.hooks, uses, outcomes, this.tools, ctx);
      this.messages.push({ role: "user", content: [...blocks, ...batch.append.map((text) => ({ type: "text" as const, text }))] });
      ctx.signal.throwIfAborted();
      if (batch.endTurn) return textOf(response);
    }
  }

  private async system(ctx: AgentContext): Promise<string | TextBlockParam[]> {
    const { system } = this.options;
    return typeof system === "function" ? system(ctx) : system;
  }
}
