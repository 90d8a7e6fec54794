/** Context compaction: persist large results, micro-compact old ones, summarise when full. */
export { autoCompact, CircuitBreaker, MAX_SUMMARY_FAILURES, type AutoCompactOptions, type CompactionReport } from "./auto-compact.ts";
export { markBefore, markCompactionBoundary, oldestReplaceable } from "./cache-boundary.ts";
export { compactCommand, contextCommand } from "./commands.ts";
export { COMPACT_TOOL, COMPACT_TOOL_RESULT, compactTool } from "./compact-tool.ts";
export { compaction, contextCompaction, type CompactionParts } from "./compaction.ts";
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
