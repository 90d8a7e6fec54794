/**
 * What the model is asked when the conversation is summarised. The summary replaces the whole
 * history, so it must carry everything the work still depends on: what the user wants, what
 * was found, which files changed, what is left — and how the user wants it done, which is the
 * first thing a careless summary drops ("use pnpm, not npm" said forty rounds ago).
 *
 * The request is the agent's own — its system prompt, its tools, the conversation — with this
 * text as the last user message (auto-compact.ts says why). So the instructions a separate
 * system prompt would give are here, the first of them: answer in text, call no tool.
 *
 * As Claude Code does, the model may think first in an <analysis> block, then writes the
 * <summary>; only the summary is carried forward (`carriedSummary`): the draft thinking
 * would cost tokens in every later request and tell the model nothing the summary does not.
 */
export const SUMMARY_TAG = "summary";
export const ANALYSIS_TAG = "analysis";

/** The request, after the history; `focus` (from `/compact <focus>`) says what matters most. */
export function SUMMARY_PROMPT(focus?: string): string {
  const lines = [
    "Summarise the conversation so far for yourself: it will be replaced by your summary. Answer with text only and call no tool: this request only asks for the summary.",
    "Be complete about facts (paths, names, commands, decisions) and brief about everything else. Use these headings:",
    "1. Goal — what the user asked for, in their words where it matters.",
    "2. Findings — what you learned about the code and the problem (file paths, function names, causes).",
    "3. Files changed — every path created, edited or deleted, and what changed in it.",
    "4. Remaining work — what is left to do, the next step first.",
    "5. Constraints and preferences — every instruction the user gave about how to work (tools, style, what not to touch).",
    `First think it through in an <${ANALYSIS_TAG}> block (it is dropped), then write the summary in a <${SUMMARY_TAG}> block.`,
  ];
  if (focus?.trim()) lines.push(`Pay particular attention to: ${focus.trim()}`);
  return lines.join("\n");
}

/** What is carried forward from the model's answer: its <summary> block's text, or the answer without its <analysis> block. */
export function carriedSummary(answer: string): string {
  const withoutAnalysis = answer.replace(/<analysis>[\s\S]*?<\/analysis>/g, "");
  const inner = /<summary>([\s\S]*?)<\/summary>/.exec(withoutAnalysis);
  return (inner?.[1] ?? withoutAnalysis).trim();
}
