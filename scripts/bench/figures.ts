/**
 * The README's figures, tagged: a figure a benchmark prints goes through `figure(id, text)`,
 * which returns the text and, when `pnpm bench` runs the script, records it (BENCH_FIGURES
 * names the file). The README holds the same figure between two markers,
 *
 *   <!-- figure:compaction.lesson.cost -->45.1 / 50.3 / 54.7 %<!-- /figure -->
 *
 * and `pnpm bench` compares every figure it recorded with the README's (figures-check.ts):
 * the same, or the difference printed; `pnpm bench --write` puts the new ones in. So no figure
 * in the README is one the benchmark does not print.
 */
import { appendFileSync } from "node:fs";

/** `text`, recorded under `id` for the README check. */
export function figure(id: string, text: string): string {
  const file = process.env.BENCH_FIGURES;
  // One line per figure, appended at once: the file is read only after the script has ended.
  if (file) appendFileSync(file, `${JSON.stringify({ id, text })}\n`);
  return text;
}
