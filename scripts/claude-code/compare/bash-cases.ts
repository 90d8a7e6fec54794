/**
 * The bash corpus × the permission modes: the commands in batches (one model turn each, one
 * session per batch, a fresh workspace per session), the same batches through both harnesses.
 */
import { BASH_CORPUS, SETTINGS, type BashCase } from "./bash-corpus.ts";
import { classify, looksUnclassified, verdict } from "./outcome.ts";
import type { HarnessRun, Mode } from "./run-harness.ts";
import { canaryFiles, runCalls, type CallResult, type SessionSpec } from "./session.ts";
import type { Row } from "./table.ts";

export const MODES: Mode[] = ["default", "acceptEdits", "plan", "bypassPermissions"];
const BATCH = 25;

export interface Job {
  label: string;
  run: (course: HarnessRun, claudeCode: HarnessRun) => Promise<Row[]>;
}

export function bashJobs(options: { quick: boolean }): Job[] {
  const corpus = options.quick ? BASH_CORPUS.filter((_, i) => i % 8 === 0) : BASH_CORPUS;
  // Cases share a session only with cases under the same settings and the same links in the
  // workspace (the others see the practice workspace as it is).
  const bySetup = new Map<string, BashCase[]>();
  const setupOf = (c: BashCase) => JSON.stringify([c.settings ?? SETTINGS, c.links ?? {}]);
  for (const c of corpus.filter((c) => !c.alone)) bySetup.set(setupOf(c), [...(bySetup.get(setupOf(c)) ?? []), c]);
  const batches = [...[...bySetup.values()].flatMap((cases) => chunks(cases, BATCH)), ...corpus.filter((c) => c.alone).map((c) => [c])];
  const modes = options.quick ? (["default", "plan"] as Mode[]) : MODES;
  // The label names the batch's groups, so `--only "dangerous deletions"` picks them.
  const label = (mode: Mode, batch: BashCase[], i: number) => `bash ${mode} batch ${i + 1}/${batches.length} (${[...new Set(batch.map((c) => c.group))].join(", ")})`;
  return modes.flatMap((mode) => batches.map((batch, i) => ({ label: label(mode, batch, i), run: (course, cc) => runBatch(batch, mode, course, cc) })));
}

async function runBatch(batch: BashCase[], mode: Mode, course: HarnessRun, claudeCode: HarnessRun): Promise<Row[]> {
  const spec = {
    mode,
    settings: batch[0]?.settings ?? SETTINGS,
    files: canaryFiles(batch.flatMap((c) => c.canaries ?? [])),
    links: Object.assign({}, ...batch.map((c) => c.links ?? {})),
    calls: batch.map((c) => ({ step: { tool: "bash" as const, command: c.command }, watch: c.watch })),
  };
  const [ours, theirs] = await Promise.all([resumed(course, spec), resumed(claudeCode, spec)]);
  return batch.map((c, i) => row(c, mode, ours[i]!, theirs[i]!));
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

function row(c: BashCase, mode: Mode, ours: CallResult, theirs: CallResult): Row {
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
