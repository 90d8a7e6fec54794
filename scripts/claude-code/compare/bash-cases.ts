/**
 * The bash corpus × the permission modes: the commands in batches (one model turn each, one
 * session per batch, a fresh workspace per session), the same batches through both harnesses.
 * A batch holds cases of one settings file only (a case may bring its own, `settings`);
 * `--isolate` makes every case a session of its own, so nothing one command leaves behind
 * (a file, a folder it moved into, a denial count) can decide the next.
 */
import { BASH_CORPUS, SETTINGS, type BashCase } from "./bash-corpus.ts";
import { classify, looksUnclassified, verdict } from "./outcome.ts";
import type { HarnessRun, Mode } from "./run-harness.ts";
import { canaryFiles, runCalls, type CallResult, type SessionSpec } from "./session.ts";
import type { Row } from "./table.ts";

/** A permission mode as the comparison runs it: the mode, and what else Claude Code is given. */
export interface ModeVariant {
  name: string;
  mode: Mode;
  claudeCodeArgs?: string[];
}

/**
 * Plan mode twice. As shipped, Claude Code's plan mode hands a call that is not read-only to
 * its auto mode's server-side safety check, which a local endpoint cannot give: it refuses with
 * "Auto mode is unavailable" (no verdict of its own). `useAutoModeDuringPlan: false` keeps auto
 * mode out of plan mode, so the binary's own plan-mode judgement shows.
 */
export const MODES: ModeVariant[] = [
  { name: "default", mode: "default" },
  { name: "acceptEdits", mode: "acceptEdits" },
  { name: "plan", mode: "plan" },
  { name: "plan (no auto mode)", mode: "plan", claudeCodeArgs: ["--settings", JSON.stringify({ useAutoModeDuringPlan: false })] },
  { name: "bypassPermissions", mode: "bypassPermissions" },
];
const QUICK_MODES = ["default", "plan", "plan (no auto mode)"];
const BATCH = 25;

export interface Job {
  label: string;
  run: (course: HarnessRun, claudeCode: HarnessRun) => Promise<Row[]>;
}

export function bashJobs(options: { quick: boolean; isolate?: boolean; corpus?: BashCase[] }): Job[] {
  const all = options.corpus ?? BASH_CORPUS;
  const corpus = options.quick ? all.filter((_, i) => i % 8 === 0) : all;
  const batches = batchesOf(corpus, options.isolate ? 1 : BATCH);
  const modes = options.quick ? MODES.filter((m) => QUICK_MODES.includes(m.name)) : MODES;
  // The label names the batch's groups, so `--only "dangerous deletions"` picks them.
  const label = (mode: ModeVariant, batch: BashCase[], i: number) => `bash ${mode.name} batch ${i + 1}/${batches.length} (${[...new Set(batch.map((c) => c.group))].join(", ")})`;
  return modes.flatMap((mode) => batches.map((batch, i) => ({ label: label(mode, batch, i), run: (course, cc) => runBatch(batch, mode, course, cc) })));
}

/**
 * The sessions the corpus runs in: cases under the same settings and the same links in the
 * workspace together (the others see the practice workspace as it is), `size` at most, in
 * corpus order; a case marked `alone` in a session of its own.
 */
export function batchesOf(corpus: BashCase[], size: number): BashCase[][] {
  const bySetup = new Map<string, BashCase[]>();
  const setupOf = (c: BashCase) => JSON.stringify([settingsOf(c), c.links ?? {}]);
  for (const c of corpus.filter((c) => !c.alone)) bySetup.set(setupOf(c), [...(bySetup.get(setupOf(c)) ?? []), c]);
  return [...[...bySetup.values()].flatMap((cases) => chunks(cases, size)), ...corpus.filter((c) => c.alone).map((c) => [c])];
}

/** The settings file a case runs under: its own, or the corpus's. */
export function settingsOf(c: BashCase): object {
  return c.settings ?? SETTINGS;
}

async function runBatch(batch: BashCase[], variant: ModeVariant, course: HarnessRun, claudeCode: HarnessRun): Promise<Row[]> {
  const spec: SessionSpec = {
    mode: variant.mode,
    settings: settingsOf(batch[0]!),
    files: canaryFiles(batch.flatMap((c) => c.canaries ?? [])),
    links: Object.assign({}, ...batch.map((c) => c.links ?? {})),
    calls: batch.map((c) => ({ step: { tool: "bash" as const, command: c.command }, watch: c.watch })),
    args: { claudeCode: variant.claudeCodeArgs },
  };
  const [ours, theirs] = await Promise.all([resumed(course, spec), resumed(claudeCode, spec)]);
  return batch.map((c, i) => row(c, variant.name, ours[i]!, theirs[i]!));
}

/**
 * A harness may end a session early (Claude Code stops a -p session after enough refusals in
 * plan mode): the calls it never answered run again in a new session, from the first one
 * missing, as long as each session gets further.
 */
async function resumed(run: HarnessRun, spec: SessionSpec): Promise<CallResult[]> {
  const results: CallResult[] = [];
  while (results.length < spec.calls.length) {
    const { calls } = await runCalls(run, { ...spec, calls: spec.calls.slice(results.length) });
    const answered = calls.findIndex((call) => call.text === undefined && !call.changed);
    const got = answered === -1 ? calls : calls.slice(0, answered);
    if (got.length === 0) return [...results, ...calls]; // no progress: the rest have no result
    results.push(...got);
  }
  return results;
}

function row(c: BashCase, mode: string, ours: CallResult, theirs: CallResult): Row {
  const course = classify(ours.text, ours.changed);
  const claudeCode = classify(theirs.text, theirs.changed);
  for (const [who, text, outcome] of [["course", ours.text, course], ["claude", theirs.text, claudeCode]] as const) {
    if (text && looksUnclassified(text, outcome)) console.error(`(unclassified ${who} result for ${JSON.stringify(c.command)}: ${text.slice(0, 160)})`);
  }
  return {
    mechanism: `bash · ${mode}`,
    group: c.group,
    case: c.command,
    mode,
    course,
    claudeCode,
    verdict: verdict(course, claudeCode),
    courseSaid: ours.text?.slice(0, 200),
    claudeCodeSaid: theirs.text?.slice(0, 200),
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
