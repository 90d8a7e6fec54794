/**
 * THE AGENT CONTEXT — one object that tools, hooks, model wrappers and slash commands all
 * receive. Whatever a mechanism needs to know about "the agent I am working for" is here, so
 * no mechanism reaches into another one's state:
 *
 *   who       agent     its name ("lead", a subagent's, a teammate's): traces, scripts, screen
 *   where     cwd       read it each time: an agent can move (into a worktree) mid-session
 *   when      signal    aborted when the turn is cancelled (Ctrl-C)
 *   show      renderer  this agent's part of the screen
 *   memory    messages  the live conversation
 *   think     model()   this agent's own model call, through its wrappers (quiet: not streamed)
 *   keep      liveState() notes on what must survive s07's compaction (s04's plan, s08's tasks…)
 *   before    beforeCompact() the PreCompact hooks, which s07 runs before it summarises
 *   after     afterCompact()  the PostCompact hooks, which s07 runs once the summary is in: their context follows it
 *
 * A lesson that needs more adds a field by module augmentation, never by editing core:
 *
 *   declare module "@learn/core" { interface AgentContext { todos?: TodoList } }
 */
import type { Model, ModelRequest } from "../model.ts";
import type { Message, MessageParam } from "../protocol.ts";
import type { Renderer } from "../renderer.ts";

/** The name of the agent the user talks to; children have names of their own. */
export const LEAD_AGENT = "lead";

export interface AgentContext {
  /** The agent's name: sent to the model as a header, written in traces, shown on screen. */
  readonly agent: string;
  /** The workspace this agent works in now (a getter: it may change between rounds). */
  readonly cwd: string;
  /** Aborted when the user cancels the turn; every long wait honours it. */
  readonly signal: AbortSignal;
  /** This agent's output: streamed text, tool calls, notices. */
  readonly renderer: Renderer;
  /** The live conversation. Read it; only PreModel hooks replace its contents. */
  readonly messages: MessageParam[];
  /** Call this agent's model through its wrappers (`quiet: true`: nothing streamed to screen). */
  model(request: ModelRequest): Promise<Message>;
  /** Notes on the agent's live state (every lesson's `AgentParts.liveState`, as built): what a compaction re-attaches. */
  liveState(): string[];
  /** The moment before a compaction (s07): the PreCompact hooks' answer — a block, or the instructions to summarise with. */
  beforeCompact(e: PreCompactEvent): Promise<{ block?: string; instructions: string }>;
  /** The moment after a compaction's summary (s07): what the PostCompact hooks add for the model to read after it. */
  afterCompact(e: PostCompactEvent): Promise<string[]>;
}

/** Who asked for a compaction: the user (`/compact`) or the agent itself (the threshold, the compact tool). */
export interface PreCompactEvent {
  trigger: "manual" | "auto";
  /** What the user gave `/compact` ("" for nothing). */
  instructions: string;
}

/** A compaction has its summary: who asked for it, and the model's whole answer. */
export interface PostCompactEvent {
  trigger: "manual" | "auto";
  /** The summary request's answer, as the model wrote it. */
  summary: string;
}

/** What a PostCompact hook answers (kernel/hooks.ts). */
export interface PostCompactResult {
  /** Text the model reads after the summary (Claude Code: a SessionStart "compact" hook's context). */
  context?: string;
}

/** What a PreCompact hook answers (kernel/hooks.ts). */
export interface PreCompactResult {
  /** Do not compact now: why (the user sees it). */
  block?: string;
  /** More for the summary to heed, after what the user asked for. */
  instructions?: string;
}

/** What a context is made from. */
export interface ContextSource {
  agent: string;
  /** A fixed folder, or a function read each time `cwd` is (an agent that moves). */
  cwd: string | (() => string);
  signal: AbortSignal;
  renderer: Renderer;
  messages: MessageParam[];
  /** The model call behind `ctx.model` (the kernel passes its wrapped call). */
  call(request: ModelRequest, ctx: AgentContext): Promise<Message>;
  /** Behind `ctx.liveState` (default: none). */
  liveState?(): string[];
  /** Behind `ctx.beforeCompact` (default: no hooks, the instructions as given). */
  beforeCompact?(e: PreCompactEvent, ctx: AgentContext): Promise<{ block?: string; instructions: string }>;
  /** Behind `ctx.afterCompact` (default: no hooks, nothing added). */
  afterCompact?(e: PostCompactEvent, ctx: AgentContext): Promise<string[]>;
}

export function createContext(source: ContextSource): AgentContext {
  const { cwd, call, liveState, beforeCompact, afterCompact } = source;
  return {
    agent: source.agent,
    get cwd() {
      return typeof cwd === "function" ? cwd() : cwd;
    },
    signal: source.signal,
    renderer: source.renderer,
    messages: source.messages,
    model(request) {
      return call(request, this);
    },
    liveState: () => liveState?.() ?? [],
    beforeCompact(e) {
      return beforeCompact ? beforeCompact(e, this) : Promise.resolve({ instructions: e.instructions });
    },
    afterCompact(e) {
      return afterCompact ? afterCompact(e, this) : Promise.resolve([]);
    },
  };
}

/** The context of a plain loop (s01, s02): the model called directly, no wrappers. */
export function loopContext(o: { model: Model; cwd: string; signal: AbortSignal; renderer: Renderer; messages: MessageParam[] }): AgentContext {
  return createContext({ ...o, agent: o.model.agent, call: (request, ctx) => o.model.call(request, ctx.signal) });
}
