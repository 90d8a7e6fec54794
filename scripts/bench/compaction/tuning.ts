/**
 * How the compaction benchmark chooses settings: one rule for the reference and the lesson,
 * applied on the tuning seeds only. `pnpm bench compaction --tune` prints the sweeps, the
 * choice, and whether the constants below (and the lesson's defaults) still match it.
 *
 * The rule: the lowest median cost over the tuning seeds among the settings that summarise at
 * most MAX_SUMMARIES times in a 120-round session (median); ties to the higher threshold.
 * A summary forgets detail that no cost figure sees, and a summary of a summary forgets more:
 * so the limit is on how OFTEN a policy may forget, not a price on it. Without one, a lower
 * threshold is always cheaper (more, smaller summaries: at 15,000 the reference summarises
 * about twelve times a session). The cheapest setting by cost alone is printed too, and scored.
 */
import { DEFAULT_COMPACTION, type CompactionSettings } from "@learn/s07";
import { median } from "../lib.ts";
import { LAYOUTS, layoutNamed, type Layout } from "./layouts.ts";
import { replay, totalCost, type Figures, type Workspace } from "./replay.ts";
import { session } from "./session.ts";

export const TUNING_SEEDS = Array.from({ length: 40 }, (_, i) => i + 1);
/** Sixty sessions never used to choose anything (101–111, the earlier scored seeds, left out). */
export const SCORED_SEEDS = [...Array.from({ length: 30 }, (_, i) => 201 + i), ...Array.from({ length: 30 }, (_, i) => 1000 + i)];
export const THRESHOLDS = [15_000, 20_000, 25_000, 30_000, 35_000, 40_000, 45_000, 50_000];
export const BATCHES = [4, 8, 16];
/** At most this many summaries in a 120-round session (median over the tuning seeds): one per 60 rounds. */
export const MAX_SUMMARIES = 2;
export const LESSON_LAYOUT = layoutNamed("boundary + last");

/** What `--tune` chose for the reference by the rule, and by cost alone (it says when these no longer match). */
export const REFERENCE_TUNED = { threshold: 25_000, layout: "boundary" };
export const REFERENCE_CHEAPEST = { threshold: 15_000, layout: "boundary + last" };
/** What the rule chooses for the lesson; it ships DEFAULT_COMPACTION, and the bench scores both. */
export const LESSON_BY_RULE = { threshold: 30_000, batch: 4 };

interface Candidate { label: string; threshold: number; settings: CompactionSettings; layout: Layout }
interface Result extends Candidate { cost: number; summaries: number }

async function sweep(family: string, candidates: Candidate[], ws: Workspace): Promise<{ chosen: Result; cheapest: Result }> {
  console.log(`\n${family}: median over seeds ${TUNING_SEEDS[0]}–${TUNING_SEEDS.at(-1)}`);
  console.log(`${"setting".padEnd(34)} ${"cost".padEnd(12)} summaries a session`);
  const results: Result[] = [];
  for (const c of candidates) {
    const fs: Figures[] = [];
    for (const seed of TUNING_SEEDS) fs.push(await replay({ name: c.layout.name, settings: c.settings, layout: c.layout }, session(seed), ws));
    const r = { ...c, cost: median(fs.map(totalCost)), summaries: median(fs.map((f) => f.compactions)) };
    results.push(r);
    console.log(`${c.label.padEnd(34)} ${Math.round(r.cost).toLocaleString("en-US").padEnd(12)} ${r.summaries}`);
  }
  const byCost = (a: Result, b: Result) => a.cost - b.cost || b.threshold - a.threshold;
  const chosen = results.filter((r) => r.summaries <= MAX_SUMMARIES).sort(byCost)[0]!;
  const cheapest = [...results].sort(byCost)[0]!;
  console.log(`Chosen (at most ${MAX_SUMMARIES} summaries a session): ${chosen.label}; by cost alone: ${cheapest.label} (${cheapest.summaries} summaries a session).`);
  return { chosen, cheapest };
}

const sameAs = (r: Result, want: { threshold: number; layout: string }) => r.threshold === want.threshold && r.layout.name === want.layout;

export async function tune(ws: Workspace): Promise<void> {
  const ref = await sweep(
    "The reference (every round, persisting), each threshold and layout",
    THRESHOLDS.flatMap((threshold) => LAYOUTS.map((layout) => ({ label: `at ${threshold.toLocaleString("en-US")}, ${layout.name}`, threshold, layout, settings: { ...DEFAULT_COMPACTION, microCompactBatch: 1, autoCompactAboveTokens: threshold } }))),
    ws,
  );
  const ok = sameAs(ref.chosen, REFERENCE_TUNED) && sameAs(ref.cheapest, REFERENCE_CHEAPEST);
  console.log(`REFERENCE_TUNED and REFERENCE_CHEAPEST in compaction/tuning.ts: ${ok ? "match" : "DIFFER from this sweep: update them"}.`);
  const lesson = await sweep(
    "The lesson (its layout), each threshold and batch size",
    THRESHOLDS.flatMap((threshold) => BATCHES.map((batch) => ({ label: `at ${threshold.toLocaleString("en-US")}, batch ${batch}`, threshold, layout: LESSON_LAYOUT, settings: { ...DEFAULT_COMPACTION, microCompactBatch: batch, autoCompactAboveTokens: threshold } }))),
    ws,
  );
  const is = (t: number, b: number) => lesson.chosen.threshold === t && lesson.chosen.settings.microCompactBatch === b;
  console.log(`LESSON_BY_RULE in compaction/tuning.ts: ${is(LESSON_BY_RULE.threshold, LESSON_BY_RULE.batch) ? "matches" : "DIFFERS from this sweep: update it"}.`);
  console.log(`The lesson's defaults (batch ${DEFAULT_COMPACTION.microCompactBatch}, at ${DEFAULT_COMPACTION.autoCompactAboveTokens.toLocaleString("en-US")}): ${is(DEFAULT_COMPACTION.autoCompactAboveTokens, DEFAULT_COMPACTION.microCompactBatch) ? "the rule's choice" : "not the rule's choice"}.`);
}
