/**
 * The "code diff" block: what the lesson's code adds to the previous lesson's, as unified
 * diffs. `src/agent.ts` always (consecutive lessons differ there by a line or two: the list of
 * mechanisms grows), then each mechanism folder's `index.ts` in full — what the lesson adds; the loop where it
 * changed — s02's own loop against s01's, and for the lesson
 * where the loop moves into core (no `src/loop.ts` of its own while its predecessor has
 * one) the predecessor's loop against the kernel. Then the new modules. The first lesson has
 * nothing to diff against, so its agent and loop are shown in full.
 *
 * A diff helps only while the two files share most of their lines. When a file is mostly
 * new — the kernel against the small loop it grew from — its diff is a wall of `+` lines
 * with a few stray `-` lines from an unrelated file, so it is shown whole instead: the rule
 * is the share of the new file's lines that are new (`MOSTLY_NEW`), not a lesson's name.
 */
import { createTwoFilesPatch, diffLines } from "diff";
import type { Labels } from "./labels.ts";
import type { LessonFacts } from "./lesson-facts.ts";
import { fence, link } from "./markdown.ts";
import { agentImports } from "./folders.ts";
import { moduleStatus } from "./what-changed.ts";

/** Lines of context around each change: enough to see where it sits, few enough to read. */
export const DIFF_CONTEXT = 3;
export const KERNEL_PATH = "core/src/runtime/kernel/kernel.ts";
/**
 * Above this share of new lines, a file is shown whole rather than as a diff. Consecutive
 * lessons' agents stay well below it (they keep their shape and change some lines); a file
 * that grew from a different one (s02's 70-line loop into the 151-line kernel) is above it.
 */
export const MOSTLY_NEW = 0.85;

/** What the new file's lines are made of: what share of them the old file did not have (0 to 1). */
export function newLineShare(oldText: string, newText: string): number {
  let added = 0;
  let total = 0;
  for (const change of diffLines(oldText, newText)) {
    if (change.removed) continue;
    total += change.count;
    if (change.added) added += change.count;
  }
  return total === 0 ? 0 : added / total;
}

/** How one file compares with its predecessor: the same, a readable diff, or a file shown whole. */
export type FileChange = { kind: "same" } | { kind: "diff"; diff: string } | { kind: "whole"; text: string };

export function compareFile(oldName: string, newName: string, oldText: string, newText: string): FileChange {
  const diff = unifiedDiff(oldName, newName, oldText, newText);
  if (diff === undefined) return { kind: "same" };
  return newLineShare(oldText, newText) > MOSTLY_NEW ? { kind: "whole", text: newText } : { kind: "diff", diff };
}

/** A unified diff with `--- old` / `+++ new` headers, or undefined when the texts are equal. */
export function unifiedDiff(oldName: string, newName: string, oldText: string, newText: string): string | undefined {
  if (oldText === newText) return undefined;
  const patch = createTwoFilesPatch(oldName, newName, oldText, newText, undefined, undefined, { context: DIFF_CONTEXT });
  // The library starts with a "====" separator line; a diff reader expects the headers first.
  return patch.slice(patch.indexOf("--- "));
}

/** What the code diff needs of a lesson: its package and its source files (not its demo run). */
export type LessonCode = Pick<LessonFacts, "pkg" | "modules">;

export interface CodeDiffInput {
  current: LessonCode;
  previous: LessonCode | undefined;
  /** The kernel's source, when core has one. */
  kernel: string | undefined;
  labels: Labels;
}

export function renderCodeDiff(input: CodeDiffInput): string {
  const parts = input.previous ? diffParts(input, input.previous) : fullParts(input);
  const added = input.current.modules.filter((m) => moduleStatus(m, input.previous) === "new");
  if (added.length) {
    const items = added.map((m) => `- ${link(m.path, m.path)} (${input.labels.linesOf(m.lines)})`);
    parts.push(`${input.labels.newModules}\n\n${items.join("\n")}`);
  }
  return parts.join("\n\n");
}

function source(facts: LessonCode, file: string): string | undefined {
  return facts.modules.find((m) => m.path === file)?.text;
}

/** The first lesson: its agent and loop, whole. */
function fullParts({ current, labels }: CodeDiffInput): string[] {
  const parts: string[] = [];
  const agent = source(current, "src/agent.ts");
  const loop = source(current, "src/loop.ts");
  if (agent !== undefined) parts.push(labels.agentInFull(link("src/agent.ts", "src/agent.ts")), fence("ts", agent));
  parts.push(...mechanismsInFull(current, labels));
  if (loop !== undefined) parts.push(labels.loopInFull(link("src/loop.ts", "src/loop.ts")), fence("ts", loop));
  return parts;
}

function diffParts({ current, kernel, labels }: CodeDiffInput, previous: LessonCode): string[] {
  const prevId = previous.pkg.lesson.id;
  const name = (facts: LessonCode, file: string) => `${facts.pkg.dirName}/${file}`;
  const parts: string[] = [];

  const agent = compareFile(
    name(previous, "src/agent.ts"),
    name(current, "src/agent.ts"),
    source(previous, "src/agent.ts") ?? "",
    source(current, "src/agent.ts") ?? "",
  );
  const agentLink = link("src/agent.ts", "src/agent.ts");
  parts.push(...show(agent, labels.agentDiff(prevId), labels.agentSame(prevId), labels.agentMostlyNew(prevId, agentLink)));
  parts.push(...mechanismsInFull(current, labels));

  const prevLoop = source(previous, "src/loop.ts");
  const loop = source(current, "src/loop.ts");
  if (prevLoop !== undefined && loop !== undefined) {
    const change = compareFile(name(previous, "src/loop.ts"), name(current, "src/loop.ts"), prevLoop, loop);
    const loopLink = link("src/loop.ts", "src/loop.ts");
    parts.push(...show(change, labels.loopDiff(prevId), labels.loopSame(prevId), labels.loopMostlyNew(prevId, loopLink)));
  } else if (prevLoop !== undefined && kernel !== undefined) {
    // The lesson where the loop leaves the lessons and becomes core's kernel.
    const change = compareFile(name(previous, "src/loop.ts"), KERNEL_PATH, prevLoop, kernel);
    const kernelLink = link(KERNEL_PATH, `../${KERNEL_PATH}`);
    parts.push(...show(change, labels.loopToKernel(prevId), labels.loopIsKernel(kernelLink), labels.kernelInFull(prevId, kernelLink)));
  } else if (loop === undefined && kernel !== undefined) {
    parts.push(labels.loopIsKernel(link(KERNEL_PATH, `../${KERNEL_PATH}`)));
  }
  return parts;
}

/**
 * What the lesson adds, in full: each mechanism folder's index.ts, where its value is defined.
 */
function mechanismsInFull(current: LessonCode, labels: Labels): string[] {
  const files = agentImports(source(current, "src/agent.ts") ?? "").folders.map((folder) => `${folder}index.ts`);
  return files.flatMap((file) => {
    const text = source(current, file);
    return text === undefined ? [] : [labels.mechanismInFull(link(file, file)), fence("ts", text)];
  });
}

/** A file's change as README parts: its label, then the diff or the whole file. */
function show(change: FileChange, diffLabel: string, sameLabel: string, wholeLabel: string): string[] {
  switch (change.kind) {
    case "same":
      return [sameLabel];
    case "diff":
      return [diffLabel, fence("diff", change.diff)];
    case "whole":
      return [wholeLabel, fence("ts", change.text)];
  }
}
