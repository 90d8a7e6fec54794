/**
 * LAYER 3 — AUTO-COMPACT. When a request would pass the threshold, the history is replaced by
 * the model's own summary of it:
 *
 *   1. save     the whole history → .transcripts/<time>.jsonl (nothing is lost, only set aside)
 *   2. ask      the same model, quietly, in the agent's own request — its system prompt, its
 *               tools, the conversation — with one more user message at the end: "summarise:
 *               goal, findings, files changed, remaining work, the user's constraints"
 *   3. replace  the history (the same array) by one user message: the summary, the transcript's
 *               path, the live state (plan, skills loaded), the files worked on last, read again
 *               (recent-files.ts) — and the pending tail (history-shape.ts)
 *
 * Why the agent's own request, and not a short one of its own (a summariser's system prompt, no
 * tools)? The prompt cache. Tools, system prompt and conversation are the prefix the last
 * request cached; a request that starts the same way reads all of it at a tenth of the price
 * and pays only for the question at the end (Claude Code's compaction does the same). A
 * request of its own would start differently at its first byte and pay for the whole
 * conversation, as large as it ever gets, once more. The price: the tools are offered, so the
 * prompt asks for text and no tool call; an answer without text counts as a failed summary.
 *
 * A summary call that fails leaves the history as it was (the request goes on, larger). Three
 * failures in a row open a circuit breaker: a model that cannot summarise is not asked again
 * every round; one success closes it.
 */
import { blocksOf, checkConversation, textOf, type AgentContext, type MessageParam, type TextBlockParam, type ToolSpec } from "@learn/core";
import { compactedHistory, splitPending, summaryRequestMessages } from "./history-shape.ts";
import { reattachedFiles, recentFiles } from "./recent-files.ts";
import { withinOutputLimit } from "./summary-budget.ts";
import { carriedSummary, SUMMARY_PROMPT, SUMMARY_TAG } from "./summary-prompt.ts";
import { saveTranscript } from "./transcript.ts";

export interface AutoCompactOptions {
  /** Notes to re-attach after the history is replaced (the plan, the skills loaded). */
  liveState: () => readonly string[];
  /** Characters for the files worked on last, read again after the summary (recent-files.ts); none when absent. */
  recentFilesChars?: number;
  /** What the summary should pay most attention to (`/compact <focus>`, the compact tool). */
  focus?: string;
  /** Who asked: the user (`/compact`) or the agent (the threshold, the tool); the PostCompact hooks are told. Default "auto". */
  trigger?: "manual" | "auto";
  /** The system prompt and tools of the agent's last request: the summary request starts with them too. */
  system?: string | TextBlockParam[];
  tools?: ToolSpec[];
}

export interface CompactionReport {
  /** Messages before and after. */
  before: MessageParam[];
  after: MessageParam[];
  /** The saved history, relative to the workspace. */
  transcript: string;
}

/**
 * Summarise and replace `ctx.messages` (the same array object). Undefined when nothing before the
 * pending tail is left to summarise; throws, the conversation untouched, when the summary fails.
 */
export async function autoCompact(ctx: AgentContext, options: AutoCompactOptions): Promise<CompactionReport | undefined> {
  const before = [...ctx.messages];
  const { earlier, pending } = splitPending(before);
  // Nothing before the pending tail, or only the last summary: summarising again would gain nothing.
  if (earlier.length === 0 || (earlier.length === 1 && isSummaryOnly(earlier[0]!))) return undefined;
  const transcript = await saveTranscript(ctx.cwd, before);
  const request = {
    ...(options.system ? { system: options.system } : {}),
    ...(options.tools ? { tools: options.tools } : {}),
    messages: summaryRequestMessages(earlier, SUMMARY_PROMPT(options.focus)),
    oneOffLastBlock: true, // asked once: s06's cache breakpoint goes before the question, not on it
    quiet: true,
  };
  const response = await withinOutputLimit(request, (sized) => ctx.model(sized));
  const summary = carriedSummary(textOf(response));
  if (summary === "") throw new Error(response.content.some((b) => b.type === "tool_use") ? "the model called a tool instead of summarising" : "the model's summary was empty");
  const files = options.recentFilesChars ? await reattachedFiles(recentFiles(earlier), ctx, options.recentFilesChars) : [];
  // The moment after (s03: Claude Code's SessionStart "compact" and PostCompact hooks): what they add follows the summary.
  const notes = [...options.liveState(), ...files, ...(await ctx.afterCompact({ trigger: options.trigger ?? "auto", summary: textOf(response) }))];
  const after = compactedHistory({ summary, transcript, notes, pending });
  // The protocol's rules (core's conversation-rules.ts): a history they refuse would be the next request's 400.
  const problem = checkConversation(after);
  if (problem) throw new Error(`the compacted history would be invalid: ${problem}`);
  ctx.messages.splice(0, ctx.messages.length, ...after);
  return { before, after, transcript };
}

/** A message that is a compaction's summary and nothing more (its live state notes aside). */
function isSummaryOnly(message: MessageParam): boolean {
  const [first] = blocksOf(message);
  return message.role === "user" && first?.type === "text" && first.text.startsWith(`<${SUMMARY_TAG}>`);
}

/** How many summary calls may fail in a row before auto-compaction stops trying. */
export const MAX_SUMMARY_FAILURES = 3;

/** Consecutive failures, and whether the breaker is open (said once on screen). */
export class CircuitBreaker {
  failures = 0;
  constructor(readonly limit = MAX_SUMMARY_FAILURES) {}

  get open(): boolean {
    return this.failures >= this.limit;
  }

  /** Count a failure; true exactly when this one opened the breaker. */
  fail(): boolean {
    this.failures++;
    return this.failures === this.limit;
  }

  succeed(): void {
    this.failures = 0;
  }
}
