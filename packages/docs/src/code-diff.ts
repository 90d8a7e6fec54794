/**
 * The "code diff" block: what the lesson's code adds to the previous lesson's, as unified
 * diffs. `src/agent.ts` always (consecutive lessons differ there by a few lines: that is
 * the lesson); the loop where it changed — s02's own loop against s01's, and for the lesson
 * where the loop moves into core (no `src/loop.ts` of its own while its predecessor has
 * one) the predecessor's loop against the kernel. Then the new modules. The first lesson has
 * nothing to diff against, so its agent and loop are shown in full.
 */
import { createTwoFilesPatch } from "diff";
import type { Labels } from "./labels.ts";
import type { LessonFacts } from "./lesson-facts.ts";
import { fence, link } from "./markdown.ts";
import { moduleStatus } from "./what-changed.ts";

/** Lines of context around each change: enough to see where it sits, few enough to read. */
export const DIFF_CONTEXT = 3;
export const KERNEL_PATH = "core/src/kernel/kernel.ts";

/** A unified diff with `--- old` / `+++ new` headers, or undefined when the texts are equal. */
export function unifiedDiff(oldName: string, newName: string, oldText: string, newText: string): string | undefined {
  if (oldText === newText) return undefined;
  const patch = createTwoFilesPatch(oldName, newName, oldText, newText, undefined, undefined, { context: DIFF_CONTEXT });
  // The library starts with a "====" separator line; a diff reader expects the headers first.
  return patch.slice(patch.indexOf("--- "));
}

export interface CodeDiffInput {
  current: LessonFacts;
  previous: LessonFacts | undefined;
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

function source(facts: LessonFacts, file: string): string | undefined {
  return facts.modules.find((m) => m.path === file)?.text;
}

/** The first lesson: its agent and loop, whole. */
function fullParts({ current, labels }: CodeDiffInput): string[] {
  const parts: string[] = [];
  const agent = source(current, "src/agent.ts");
  const loop = source(current, "src/loop.ts");
  if (agent !== undefined) parts.push(labels.agentInFull(link("src/agent.ts", "src/agent.ts")), fence("ts", agent));
  if (loop !== undefined) parts.push(labels.loopInFull(link("src/loop.ts", "src/loop.ts")), fence("ts", loop));
  return parts;
}

function diffParts({ current, kernel, labels }: CodeDiffInput, previous: LessonFacts): string[] {
  const prevId = previous.pkg.lesson.id;
  const name = (facts: LessonFacts, file: string) => `${facts.pkg.dirName}/${file}`;
  const parts: string[] = [];

  const agentDiff = unifiedDiff(
    name(previous, "src/agent.ts"),
    name(current, "src/agent.ts"),
    source(previous, "src/agent.ts") ?? "",
    source(current, "src/agent.ts") ?? "",
  );
  parts.push(...(agentDiff ? [labels.agentDiff(prevId), fence("diff", agentDiff)] : [labels.agentSame(prevId)]));

  const prevLoop = source(previous, "src/loop.ts");
  const loop = source(current, "src/loop.ts");
  if (prevLoop !== undefined && loop !== undefined) {
    const loopDiff = unifiedDiff(name(previous, "src/loop.ts"), name(current, "src/loop.ts"), prevLoop, loop);
    parts.push(...(loopDiff ? [labels.loopDiff(prevId), fence("diff", loopDiff)] : [labels.loopSame(prevId)]));
  } else if (prevLoop !== undefined && kernel !== undefined) {
    // The lesson where the loop leaves the lessons and becomes core's kernel.
    parts.push(labels.loopToKernel(prevId), fence("diff", unifiedDiff(name(previous, "src/loop.ts"), KERNEL_PATH, prevLoop, kernel) ?? ""));
  } else if (loop === undefined && kernel !== undefined) {
    parts.push(labels.loopIsKernel(link(KERNEL_PATH, `../${KERNEL_PATH}`)));
  }
  return parts;
}
