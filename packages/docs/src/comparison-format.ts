/**
 * The file `pnpm compare:claude-code` writes (packages/docs/data/claude-code-comparison.json) and
 * the book's chapter is generated from (comparison-chapter.ts): its one definition, imported by
 * both sides. One row per case and mode, each with its verdict.
 */
export type Verdict = "match" | "stricter" | "looser" | "differs" | "no verdict";
/**
 * "no verdict": Claude Code gave none of its own: offline, its plan-mode safety check cannot
 * run, so it refuses whatever the check would have judged ("Auto mode is unavailable … was not
 * run"). Counted apart, never as agreement.
 */
export const VERDICTS: readonly Verdict[] = ["match", "stricter", "looser", "differs", "no verdict"];

export interface ComparisonRow {
  mechanism: string;
  /** What kind of command or case: "writes in the workspace", "PreToolUse allow" … */
  group: string;
  case: string;
  mode: string;
  course: string;
  claudeCode: string;
  verdict: Verdict;
  /** The start of each tool result (or what was looked at), to see why. */
  courseSaid?: string;
  claudeCodeSaid?: string;
}

export interface Comparison {
  claudeCodeVersion: string;
  date: string;
  lesson: string;
  /** How long the whole run took, in seconds. */
  seconds: number;
  quick?: boolean;
  /** Every bash case ran in a session of its own (`--isolate`). */
  isolate?: boolean;
  summary: Record<string, Record<Verdict, number>>;
  rows: ComparisonRow[];
}
