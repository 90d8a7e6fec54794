/**
 * The agent's compaction state, in one place: the threshold, the circuit breaker, a compaction
 * asked for (by the tool or `/compact`), and what the last request looked like. The hooks,
 * the tool and the commands all act through it.
 *
 * Why it remembers the last request: a PreModel hook sees the messages but not the system
 * prompt nor the tools, which the kernel adds after it; the size that matters is the whole
 * request's. A small wrapper notes the system and tools of each of the agent's own calls
 * (they change rarely), and the threshold is checked on them plus the messages as they are now.
 */
import type { AgentContext, ModelWrapper, TextBlockParam, ToolSpec } from "@learn/core";
import { autoCompact, CircuitBreaker, MAX_SUMMARY_FAILURES, type CompactionReport } from "./auto-compact.ts";
import { estimateTokens, type RequestParts } from "./estimate.ts";
import { reattachBudgetChars } from "./recent-files.ts";
import type { CompactionSettings } from "./settings.ts";

/** Claude Code's thrash rule: back at the threshold within 3 requests of the last compaction, 3 times in a row. */
export const THRASH_REQUESTS = 3;
export const THRASH_TIMES = 3;

export class Compactor {
  readonly breaker = new CircuitBreaker();
  /** Set by the compact tool: compact before the next model call, with this focus ("" for none). */
  requested: string | undefined;
  private overhead: { system?: string | TextBlockParam[]; tools?: ToolSpec[] } = {};
  /** Requests since the last automatic compaction, and how many in a row came that soon after the one before it. */
  private sinceLast = Number.POSITIVE_INFINITY;
  private refills = 0;
  /** Auto-compaction gave up: the context kept refilling (see `beforeModel`). */
  thrashing = false;

  constructor(
    readonly settings: CompactionSettings,
    /** Overrides the agent's own notes (tests); by default `ctx.liveState()` at compaction time. */
    private readonly liveState?: () => readonly string[],
  ) {}

  /** Innermost wrapper: notes the system prompt and tools of the agent's own requests. */
  readonly remember: ModelWrapper = (next) => (request, ctx) => {
    if (request.tools?.length) this.overhead = { system: request.system, tools: request.tools };
    return next(request, ctx);
  };

  /** Has the agent made a request yet (so its system prompt and tools are known)? */
  get measured(): boolean {
    return this.overhead.tools !== undefined;
  }

  /** The next request as far as it is known: the last system and tools, the messages now. */
  request(messages: AgentContext["messages"]): RequestParts {
    return { ...this.overhead, messages };
  }

  tokens(ctx: Pick<AgentContext, "messages">): number {
    return estimateTokens(this.request(ctx.messages));
  }

  /**
   * PreModel: compact when asked to, or when the request would pass the threshold — unless
   * compaction thrashes. As in Claude Code: when the context is back at the threshold within
   * THRASH_REQUESTS requests of the last compaction, THRASH_TIMES times in a row, summarising
   * again cannot help (a huge file read every round, a summary as big as the threshold): it
   * would only cost a summary per round. Auto-compaction stops, said once; `/compact` still works.
   */
  async beforeModel(ctx: AgentContext): Promise<void> {
    this.sinceLast++;
    const focus = this.requested;
    if (focus !== undefined) {
      this.requested = undefined;
      await this.compact(ctx, "auto", focus || undefined);
      return;
    }
    if (this.breaker.open || this.thrashing || this.tokens(ctx) <= this.settings.autoCompactAboveTokens) return;
    const soon = this.sinceLast <= THRASH_REQUESTS;
    if (soon && this.refills + 1 >= THRASH_TIMES) {
      this.thrashing = true;
      ctx.renderer.notice(`Auto-compaction stopped: the context refilled to the threshold within ${THRASH_REQUESTS} requests of the last compaction, ${THRASH_TIMES} times in a row. /compact still works; /clear starts afresh.`);
      return;
    }
    if (!(await this.compact(ctx, "auto"))) return;
    this.refills = soon ? this.refills + 1 : 0;
    this.sinceLast = 0;
  }

  /** `/compact`: between turns, in the context the agent gives its commands. */
  async compactNow(ctx: AgentContext, focus?: string): Promise<CompactionReport | string | undefined> {
    if (ctx.messages.length === 0) return "Nothing to compact yet: the conversation is empty.";
    return this.compact(ctx, "manual", focus);
  }

  /**
   * Summarise, show what happened; a failure is counted and shown, never thrown. First the
   * moment before it (`ctx.beforeCompact`: Claude Code's PreCompact hooks, from s03's settings),
   * which may add to the focus or stop this compaction.
   */
  private async compact(ctx: AgentContext, trigger: "manual" | "auto", asked?: string): Promise<CompactionReport | undefined> {
    const before = this.tokens(ctx);
    const { block, instructions } = await ctx.beforeCompact({ trigger, instructions: asked ?? "" });
    if (block) {
      ctx.renderer.notice(`Not compacted: ${block}`);
      return undefined;
    }
    const focus = instructions || undefined;
    try {
      // The summary request starts as the last request did, so it reads that prefix from the cache.
      const report = await autoCompact(ctx, {
        liveState: this.liveState ?? (() => ctx.liveState()),
        recentFilesChars: reattachBudgetChars(this.settings.autoCompactAboveTokens),
        ...(focus ? { focus } : {}),
        trigger,
        ...this.overhead,
      });
      if (!report) return undefined;
      this.breaker.succeed();
      ctx.renderer.notice(`Compacted the conversation: ~${before.toLocaleString("en-US")} → ~${this.tokens(ctx).toLocaleString("en-US")} tokens; the full history is in ${report.transcript}.`);
      return report;
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      const opened = this.breaker.fail();
      ctx.renderer.error(`Compaction failed (${this.breaker.failures} in a row): ${(err as Error).message}`);
      if (opened) ctx.renderer.notice(`Auto-compaction is off after ${MAX_SUMMARY_FAILURES} failed summaries in a row; /compact still tries, and a success turns it back on.`);
      return undefined;
    }
  }

  /** `/clear`: a new conversation starts with nothing asked and a closed breaker. */
  clear(): void {
    this.requested = undefined;
    this.breaker.succeed();
    this.thrashing = false;
    this.refills = 0;
    this.sinceLast = Number.POSITIVE_INFINITY;
  }
}
