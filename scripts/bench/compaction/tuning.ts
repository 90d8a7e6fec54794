/**
 * How the compaction benchmark chooses settings: one rule for the reference and the lesson,
 * applied on the tuning seeds only. `pnpm bench compaction --tune` prints the sweeps, the
 * choice, and whether the constants below (and the lesson's defaults) still match it.
 *
 * The rule: the lowest median weighed cost over the tuning seeds, ties to the higher threshold.
 * Weighed cost = cost + every summary request's input tokens: a summary forgets detail, priced
 * as if the model read what it replaced once more, uncached. A lower threshold is always
 * cheaper by cost alone (more, smaller summaries), so without a price on forgetting the
 * sweep would summarise as often as the thrash guard allows.
 */
import { DEFAULT_COMPACTION, type CompactionSettings } from "@learn/s07";
import { median } from "../lib.ts";
import { LAYOUTS, layoutNamed, type Layout } from "./layouts.ts";
import { replay, totalCost, type Figures, type Workspace } from "./replay.ts";
import { session } from "./session.ts";

export const TUNING_SEEDS = Array.from({ length: 40 }, (_, i) => i + 1);
/** Sixty sessions never used to choose anything (101–111 were the earlier scored seeds, left out). */
export const SCORED_SEEDS = [...Array.from({ length: 30 }, (_, i) => 201 + i), ...Array.from({ length: 30 }, (_, i) => 1000 + i)];
export const THRESHOLDS = [15_000, 20_000, 25_000, 30_000, 35_000, 40_000, 45_000, 50_000];
export const BATCHES = [4, 8, 16];
export const LESSON_LAYOUT = layoutNamed("boundary + last");

/** What `--tune` chose for the reference (printed by it; a mismatch is printed too). */
export const REFERENCE_TUNED = { threshold: 25_000, layout: "boundary" };

const inputOf = (f: Figures) => f.summaries.uncached + f.summaries.read + f.summaries.written;
/** Cost, plus what each summary forgot, read once more uncached. */
export const weighed = (f: Figures) => totalCost(f) + inputOf(f);

interface Candidate { label: string; threshold: number; settings: CompactionSettings; layout: Layout }
interface Result extends Candidate { weighed: number; cost: number; summaries: number }

async function sweep(family: string, candidates: Candidate[], ws: Workspace): Promise<Result> {
  console.log(`\n${family}: median over seeds ${TUNING_SEEDS[0]}–${TUNING_SEEDS.at(-1)}`);
  console.log(`${"setting".padEnd(34)} ${"weighed".padEnd(12)} ${"cost".padEnd(12)} summaries`);
  const results: Result[] = [];
  for (const c of candidates) {
    const fs: Figures[] = [];
    for (const seed of TUNING_SEEDS) fs.push(await replay({ name: c.layout.name, settings: c.settings, layout: c.layout }, session(seed), ws));
    const r = { ...c, weighed: median(fs.map(weighed)), cost: median(fs.map(totalCost)), summaries: fs.reduce((a, f) => a + f.compactions, 0) };
    results.push(r);
    console.log(`${c.label.padEnd(34)} ${Math.round(r.weighed).toLocaleString("en-US").padEnd(12)} ${Math.round(r.cost).toLocaleString("en-US").padEnd(12)} ${r.summaries}`);
  }
  const best = [...results].sort((a, b) => a.weighed - b.weighed || b.threshold - a.threshold)[0]!;
  const cheapest = [...results].sort((a, b) => a.cost - b.cost)[0]!;
  console.log(`Chosen: ${best.label} (by cost alone: ${cheapest.label}, ${cheapest.summaries} summaries against ${best.summaries}).`);
  return best;
}

export async function tune(ws: Workspace): Promise<void> {
  const ref = await sweep(
    "The reference (every round, persisting), each threshold and layout",
    THRESHOLDS.flatMap((threshold) => LAYOUTS.map((layout) => ({ label: `at ${threshold.toLocaleString("en-US")}, ${layout.name}`, threshold, layout, settings: { ...DEFAULT_COMPACTION, microCompactBatch: 1, autoCompactAboveTokens: threshold } }))),
    ws,
  );
  const lesson = await sweep(
    "The lesson (its layout), each threshold and batch size",
    THRESHOLDS.flatMap((threshold) => BATCHES.map((batch) => ({ label: `at ${threshold.toLocaleString("en-US")}, batch ${batch}`, threshold, layout: LESSON_LAYOUT, settings: { ...DEFAULT_COMPACTION, microCompactBatch: batch, autoCompactAboveTokens: threshold } }))),
    ws,
  );
  const refNow = ref.threshold === REFERENCE_TUNED.threshold && ref.layout.name === REFERENCE_TUNED.layout;
  console.log(`\nThe reference in compaction/tuning.ts: at ${REFERENCE_TUNED.threshold.toLocaleString("en-US")}, ${REFERENCE_TUNED.layout}: ${refNow ? "matches" : "DIFFERS from the sweep: update REFERENCE_TUNED"}.`);
  const lessonNow = lesson.threshold === DEFAULT_COMPACTION.autoCompactAboveTokens && lesson.settings.microCompactBatch === DEFAULT_COMPACTION.microCompactBatch;
  console.log(`The lesson's defaults: batch ${DEFAULT_COMPACTION.microCompactBatch}, at ${DEFAULT_COMPACTION.autoCompactAboveTokens.toLocaleString("en-US")}: ${lessonNow ? "match" : "DIFFER from the sweep"}.`);
}
