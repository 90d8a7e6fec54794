/**
 * The comparison's table: one row per case and mode, both outcomes and the verdict; the
 * per-mechanism summary; and the JSON the book's chapter is generated from
 * (packages/docs/data/claude-code-comparison.json).
 */
import { writeFile } from "node:fs/promises";
import { VERDICTS, type Comparison, type ComparisonRow } from "@learn/docs/comparison-format";

/** One case in one mode; the file's format is defined once, where the chapter reads it. */
export type Row = ComparisonRow;
export type { Comparison };

export function summarise(rows: Row[]): Comparison["summary"] {
  const summary: Comparison["summary"] = {};
  for (const row of rows) {
    summary[row.mechanism] ??= { match: 0, stricter: 0, looser: 0, differs: 0, "no verdict": 0 };
    summary[row.mechanism]![row.verdict]++;
  }
  return summary;
}

export function printRow(row: Row): void {
  const mark = { match: "=", stricter: "+", looser: "!", differs: "~", "no verdict": "?" }[row.verdict];
  console.log(`${mark} ${row.verdict.padEnd(10)} ${row.mechanism.padEnd(30)} ${row.mode.padEnd(17)} course ${row.course.padEnd(8)} claude ${row.claudeCode.padEnd(8)} ${row.case}`);
}

export function printSummary(comparison: Comparison): void {
  console.log(`\nClaude Code ${comparison.claudeCodeVersion} beside ${comparison.lesson}, ${comparison.rows.length} cases in ${comparison.seconds} s`);
  console.log(`  ${"mechanism".padEnd(34)} ${VERDICTS.map((v) => v.padStart(10)).join(" ")}`);
  for (const [mechanism, counts] of Object.entries(comparison.summary)) {
    console.log(`  ${mechanism.padEnd(34)} ${VERDICTS.map((v) => String(counts[v] ?? 0).padStart(10)).join(" ")}`);
  }
}

export async function writeComparison(file: string, comparison: Comparison): Promise<void> {
  await writeFile(file, `${JSON.stringify(comparison, null, 2)}\n`);
}
