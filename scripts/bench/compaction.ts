/**
 * Benchmark: what lesson 7's context management costs against a reference at ITS best, and
 * what each of the lesson's three choices — batching, threshold, persistence — buys on its own,
 * over sessions that played no part in choosing any setting.
 *
 * Sessions (compaction/session.ts): 120 scripted rounds of a coding task, one per seed. Every
 * setting of both policies is chosen on the TUNING seeds 1–40 by one rule (`--tune` prints the
 * sweeps); the figures come from the SCORED seeds 201–230 and 1000–1029, never used to choose.
 *
 * Two families, each the lesson's real hooks and wrappers with some settings (compaction/replay.ts),
 * every request (summaries too) accounted by core's PromptCache under the API's cache rules:
 *
 *   reference   micro-compact EVERY round (keep the last 3 results), persist large results as the
 *               lesson does; its threshold AND its cache layout (compaction/layouts.ts) tuned
 *   lesson      micro-compact in batches, the lesson's own layout (s06's last-message breakpoint,
 *               s07's boundary breakpoint); its batch size and threshold tuned
 *
 * The rule, the same for both (compaction/tuning.ts): the lowest median cost over the tuning
 * seeds among the settings that summarise at most twice in a session (median), ties to the
 * higher threshold. Cost = uncached + 1.25 × cache writes + 0.1 × cache reads, + 5 × a
 * summary's output. A summary forgets detail no cost figure sees: that is weighed as a limit
 * on how often a policy may forget, not as a price. Without it a cost benchmark always wants
 * earlier summaries, so the reference that is cheapest by cost alone is scored too, with its
 * summary count beside its cost, as is every row.
 *
 * Reported on the scored seeds, min / median / max: each policy's cost, peak
 * context and summaries; then the lesson against the tuned reference, and each choice alone
 * (the tuned reference with only that one setting made the lesson's). The exit code fails only
 * if the lesson's last request lost the goal, the plan or a file changed: a summary that loses
 * the work is a bug; a figure is a finding.
 *
 *   pnpm bench compaction          the scored seeds (deterministic: the same figures every run)
 *   pnpm bench compaction --tune   the sweeps on the tuning seeds (minutes)
 */
import { rm } from "node:fs/promises";
import { partsFrom, sectionsFor, type AgentOptions, type TextBlockParam } from "@learn/core";
import { copyPracticeWorkspace, silentRenderer } from "@learn/core/harness";
import { scriptedModel, testContext } from "@learn/core/testing";
import { mechanisms as s06 } from "@learn/s06";
import { compaction, DEFAULT_COMPACTION, type CompactionSettings } from "@learn/s07";
import { layoutNamed, type Layout } from "./compaction/layouts.ts";
import { replay, totalCost, type Figures, type Workspace } from "./compaction/replay.ts";
import { editedFiles, GOAL, PLAN_ITEMS, session } from "./compaction/session.ts";
import { LESSON_BY_RULE, LESSON_LAYOUT, MAX_SUMMARIES, REFERENCE_CHEAPEST, REFERENCE_TUNED, SCORED_SEEDS, tune } from "./compaction/tuning.ts";
import { median } from "./lib.ts";
import { figure } from "./figures.ts";

/** The tuned reference: every round, persisting, at its own threshold and layout. */
const REFERENCE: CompactionSettings = { ...DEFAULT_COMPACTION, microCompactBatch: 1, autoCompactAboveTokens: REFERENCE_TUNED.threshold };
const REFERENCE_LAYOUT = layoutNamed(REFERENCE_TUNED.layout);
/** The reference that is cheapest by cost alone on the tuning seeds, however often it summarises. */
const CHEAPEST: CompactionSettings = { ...REFERENCE, autoCompactAboveTokens: REFERENCE_CHEAPEST.threshold };
/** The reference this benchmark used before: at 50,000, persisting nothing (its best layout, the boundary, on every seed). */
const OLD_REFERENCE: CompactionSettings = { ...REFERENCE, persistAboveChars: undefined, autoCompactAboveTokens: 50_000 };

/** The real s06 system prompt blocks and tools (plus the compact tool), as the lead sends them. */
async function workspace(cwd: string): Promise<Workspace> {
  const { model } = scriptedModel({ turns: [] }, { renderer: silentRenderer });
  const options: AgentOptions = { model, cwd, renderer: silentRenderer, interactive: false, ask: async () => "n", flags: {} };
  const own = await partsFrom(s06, options);
  const build = own.assemble!.build({ sections: sectionsFor(own.sections, own.tools), tools: own.tools });
  const system = typeof build === "function" ? await build(testContext(cwd)) : build;
  const compactSpec = compaction(DEFAULT_COMPACTION, { liveState: () => [] }).tools.map((t) => t.spec);
  return { system: system as TextBlockParam[], tools: [...own.tools.map((t) => t.spec), ...compactSpec], cwd };
}

const run = (settings: CompactionSettings, layout: Layout, seed: number, ws: Workspace) => replay({ name: layout.name, settings, layout }, session(seed), ws);

const n = (x: number) => Math.round(x).toLocaleString("en-US");
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const spread = (xs: number[], show: (x: number) => string = n) => `${show(Math.min(...xs))} / ${show(median(xs))} / ${show(Math.max(...xs))}`;

/** Seeds as runs: 1, 2, 3, 5 → "1–3, 5". */
function seedRange(seeds: readonly number[]): string {
  const runs: string[] = [];
  seeds.forEach((s, i) => {
    if (i > 0 && s === seeds[i - 1]! + 1) runs[runs.length - 1] = `${runs.at(-1)!.split("–")[0]}–${s}`;
    else runs.push(String(s));
  });
  return runs.join(", ");
}

/** What must survive every compaction: the goal, the plan, every file changed. */
function lost(f: Figures, seed: number): string[] {
  return [GOAL, ...PLAN_ITEMS.map((t) => t.content), ...editedFiles(session(seed))].filter((needle) => !f.lastRequest.includes(JSON.stringify(needle).slice(1, -1)));
}

/** The policies scored on every seed: the two at their best, the old reference, and one choice at a time. */
function policies(): { key: string; name: string; settings: CompactionSettings; layout: Layout }[] {
  const lesson = DEFAULT_COMPACTION;
  return [
    { key: "ref", name: `(r) reference: every round, at ${n(REFERENCE.autoCompactAboveTokens)}, ${REFERENCE_LAYOUT.name}`, settings: REFERENCE, layout: REFERENCE_LAYOUT },
    { key: "lesson", name: `(l) lesson: batch ${lesson.microCompactBatch}, at ${n(lesson.autoCompactAboveTokens)}`, settings: lesson, layout: LESSON_LAYOUT },
    { key: "byRule", name: `(l*) lesson by the rule: batch ${LESSON_BY_RULE.batch}, at ${n(LESSON_BY_RULE.threshold)}`, settings: { ...lesson, microCompactBatch: LESSON_BY_RULE.batch, autoCompactAboveTokens: LESSON_BY_RULE.threshold }, layout: LESSON_LAYOUT },
    { key: "threshold", name: `(r) + the lesson's threshold only`, settings: { ...REFERENCE, autoCompactAboveTokens: lesson.autoCompactAboveTokens }, layout: REFERENCE_LAYOUT },
    // Batching at the reference's lower threshold: cheaper still, but the old results a batch
    // keeps bring the threshold round again and again — far over the rule's two summaries.
    { key: "batchingEarly", name: `(r) + the lesson's batching only`, settings: { ...REFERENCE, microCompactBatch: lesson.microCompactBatch }, layout: LESSON_LAYOUT },
    { key: "noPersist", name: `(l) without persistence`, settings: { ...lesson, persistAboveChars: undefined }, layout: LESSON_LAYOUT },
    { key: "cheapest", name: `(r0) reference by cost alone: at ${n(CHEAPEST.autoCompactAboveTokens)}, ${REFERENCE_CHEAPEST.layout}`, settings: CHEAPEST, layout: layoutNamed(REFERENCE_CHEAPEST.layout) },
    { key: "old", name: `(b) the earlier reference: at 50,000, no persistence`, settings: OLD_REFERENCE, layout: REFERENCE_LAYOUT },
  ];
}

/** The figures on the scored seeds. */
async function score(ws: Workspace): Promise<boolean> {
  const rows = policies();
  const figures = new Map(rows.map((r) => [r.key, [] as Figures[]]));
  for (const seed of SCORED_SEEDS) for (const r of rows) figures.get(r.key)!.push(await run(r.settings, r.layout, seed, ws));
  const of = (key: string) => figures.get(key)!;

  console.log(`Scored seeds ${seedRange(SCORED_SEEDS)}: ${SCORED_SEEDS.length} sessions of 120 rounds; every setting was tuned on seeds 1–40 (--tune).`);
  console.log(`The reference's threshold by the rule: ${figure("compaction.reference.threshold", n(REFERENCE.autoCompactAboveTokens))} (${REFERENCE_LAYOUT.name}); by cost alone: ${figure("compaction.cheapest.threshold", n(CHEAPEST.autoCompactAboveTokens))} (${REFERENCE_CHEAPEST.layout}).`);
  console.log(`Estimated tokens (chars / 4); cost = uncached + 1.25 × written + 0.1 × read (+ 5 × a summary's output); the rule allows ${MAX_SUMMARIES} summaries a session. min / median / max over the seeds:`);
  console.log(`${"policy".padEnd(58)} ${"cost".padEnd(30)} ${"peak context".padEnd(24)} summaries (all seeds; a session)`);
  for (const r of rows) {
    const fs = of(r.key);
    const fig = (what: string, text: string) => figure(`compaction.${r.key}.${what}`, text);
    console.log(`${r.name.padEnd(58)} ${fig("total-cost", spread(fs.map(totalCost))).padEnd(30)} ${fig("total-peak", spread(fs.map((f) => f.peak))).padEnd(24)} ${fig("total-summaries", String(fs.reduce((a, f) => a + f.compactions, 0)))}; ${spread(fs.map((f) => f.compactions))}`);
  }

  const against = (key: string, base: string, label: string, id: string) => {
    const a = of(key), b = of(base);
    const shares = a.map((f, i) => totalCost(f) / totalCost(b[i]!));
    const lower = a.filter((f, i) => f.peak <= b[i]!.peak).length;
    const summaries = (fs: Figures[]) => fs.reduce((s, f) => s + f.compactions, 0);
    const fig = (what: string, text: string) => figure(`compaction.${id}.${what}`, text);
    console.log(`${label}: cost ${fig("cost", spread(shares, pct))}, ≤ 60 % in ${fig("at-most-60", String(shares.filter((s) => s <= 0.6).length))} of ${a.length}; peak at most the other's in ${fig("peak", String(lower))} of ${a.length}; summaries ${fig("summaries", String(summaries(a)))} against ${fig("summaries-other", String(summaries(b)))}.`);
  };
  console.log("Each as a share of the other, per seed:");
  against("lesson", "ref", "(l) / (r), the lesson against the reference at its best", "lesson");
  against("byRule", "ref", "(l*) / (r), the lesson as the rule would tune it", "by-rule");
  // Batching alone: the lesson against the reference at the lesson's threshold (both persist).
  against("lesson", "threshold", `batching alone: (l) / (r) at the lesson's ${n(DEFAULT_COMPACTION.autoCompactAboveTokens)}`, "batching");
  against("threshold", "ref", `threshold alone: (r) at the lesson's ${n(DEFAULT_COMPACTION.autoCompactAboveTokens)} / (r)`, "threshold");
  against("batchingEarly", "ref", `batching at the reference's ${n(REFERENCE.autoCompactAboveTokens)}: (r) batching / (r)`, "batching-early");
  against("lesson", "noPersist", "persistence alone: (l) / (l) persisting nothing", "persistence");
  against("lesson", "cheapest", "(l) / (r0), against the reference cheapest by cost alone", "cheapest");
  against("lesson", "old", "(l) / (b), against the earlier reference", "old");

  const missing = of("lesson").flatMap((f, i) => lost(f, SCORED_SEEDS[i]!).map((what) => `seed ${SCORED_SEEDS[i]}: ${what}`));
  console.log(missing.length === 0 ? "(l)'s last request holds the goal, the plan and every file changed, in every seed." : `(l)'s last request LOST: ${missing.join("; ")}`);
  return missing.length === 0;
}

const cwd = await copyPracticeWorkspace("bench");
try {
  const ws = await workspace(cwd);
  if (process.argv.includes("--tune")) await tune(ws);
  else if (!(await score(ws))) process.exitCode = 1;
} finally {
  await rm(cwd, { recursive: true, force: true });
}
