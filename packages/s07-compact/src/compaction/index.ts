/**
 * Context management as parts: three PreModel hooks that run, in this order, before every
 * model call — each cheaper and gentler than the next — plus a tool and two commands.
 *
 *   persist-large-results   a result over 30,000 chars → a file; the conversation keeps its start
 *   micro-compact           old results → a placeholder, in batches (so the cache keeps working)
 *   auto-compact            over the threshold, or when asked → a summary + the live state
 *
 * and a wrapper that puts a cache breakpoint where micro-compaction will next change the
 * conversation (cache-boundary.ts), so a batch does not cost the whole conversation again.
 *
 *   compact { focus? }      the model asks for a compaction (it happens before its next step)
 *   /compact [focus]        the user asks for one now;  /context  where the tokens go
 */
import type { Hook, Mechanism, ModelWrapper, SlashCommand, Tool } from "@learn/core";
import { defineHook } from "@learn/core";
import { compactCommand, contextCommand } from "./commands.ts";
import { markCompactionBoundary } from "./cache-boundary.ts";
import { compactTool } from "./compact-tool.ts";
import { Compactor } from "./compactor.ts";
import { microCompact } from "./micro-compact.ts";
import { persistLargeResults } from "./persist.ts";
import { CompactionRecord } from "./record.ts";
import { compactionSettings, thresholdFlag, type CompactionSettings } from "./settings.ts";

export interface CompactionParts {
  hooks: Hook[];
  tools: Tool[];
  commands: SlashCommand[];
  /** Notes each request's system prompt and tools, to measure the next one; then `cacheBoundary`. */
  wrappers: ModelWrapper[];
  /** The breakpoint before the oldest result micro-compaction may replace (one of `wrappers`). */
  cacheBoundary: ModelWrapper;
  /** Forget a pending request and the failure count (`/clear`). */
  clear: () => void;
  compactor: Compactor;
}

/** `deps.liveState` replaces the agent's own notes (`ctx.liveState()`, from every lesson's parts): for tests. */
export function compaction(settings: CompactionSettings, deps: { liveState?: () => string[] } = {}): CompactionParts {
  const compactor = new Compactor(settings, deps.liveState);
  // What the first two layers wrote: the only proof that a text is a marker or a placeholder.
  const record = new CompactionRecord();
  const cacheBoundary = markCompactionBoundary(settings, record);
  const hooks: Hook[] = [
    defineHook("PreModel", "persist-large-results", async (_e, ctx) => persistLargeResults(ctx.messages, ctx.cwd, settings, record)),
    defineHook("PreModel", "micro-compact", async (_e, ctx) => microCompact(ctx.messages, settings, record)),
    defineHook("PreModel", "auto-compact", async (_e, ctx) => compactor.beforeModel(ctx)),
  ];
  return {
    hooks,
    tools: [compactTool(compactor)],
    commands: [compactCommand(compactor), contextCommand(compactor)],
    wrappers: [compactor.remember, cacheBoundary],
    cacheBoundary,
    clear: () => compactor.clear(),
    compactor,
  };
}

/** Compaction for every agent: settings from the environment and the `compact-threshold` flag. */
export const contextCompaction: Mechanism = {
  name: "compaction",
  flags: [thresholdFlag],
  add(base, { options }) {
    // The live state comes from the agent's context at compaction time: the final parts' notes,
    // so a later lesson's state (s08's tasks) is carried over too.
    const own = compaction(compactionSettings(process.env, options.flags));
    return {
      ...base,
      tools: [...base.tools, ...own.tools],
      hooks: [...base.hooks, ...own.hooks],
      wrappers: [...base.wrappers, ...own.wrappers],
      commands: [...base.commands, ...own.commands],
      onClear: [...base.onClear, own.clear],
    };
  },
};

// The pieces, for the tests and for later lessons (through the lesson's entry point).
export { autoCompact, CircuitBreaker, MAX_SUMMARY_FAILURES, type AutoCompactOptions, type CompactionReport } from "./auto-compact.ts";
export { markBefore, markCompactionBoundary, oldestReplaceable } from "./cache-boundary.ts";
export { compactCommand, contextCommand } from "./commands.ts";
export { COMPACT_TOOL, COMPACT_TOOL_RESULT, compactTool } from "./compact-tool.ts";
export { Compactor, THRASH_REQUESTS, THRASH_TIMES } from "./compactor.ts";
export { reattachedFiles, recentFiles, reattachBudgetChars, REATTACH_FILE_CHARS, REATTACH_MAX_FILES } from "./recent-files.ts";
export { contextReport } from "./context-report.ts";
export { CONTEXT_KINDS, charsByKind, estimateTokens, tokensByKind, tokensOf, type ContextKind, type RequestParts } from "./estimate.ts";
export { compactedHistory, splitPending, summaryRequestMessages, type CompactedParts, type HistorySplit } from "./history-shape.ts";
export { COMPACTED_RESULT, compactableResults, microCompact } from "./micro-compact.ts";
export { MESSAGES_DIR, PERSISTED_TAG, persistedMarker, persistLargeResults, PREVIEW_CHARS, resultText, TOOL_RESULTS_DIR } from "./persist.ts";
export { CompactionRecord } from "./record.ts";
export { compactionSettings, DEFAULT_COMPACTION, THRESHOLD_ENV, THRESHOLD_FLAG, type CompactionSettings } from "./settings.ts";
export { SUMMARY_MAX_TOKENS, withinOutputLimit } from "./summary-budget.ts";
export { ANALYSIS_TAG, carriedSummary, SUMMARY_PROMPT, SUMMARY_TAG } from "./summary-prompt.ts";
export { saveTranscript, TRANSCRIPTS_DIR } from "./transcript.ts";
