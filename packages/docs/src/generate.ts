/**
 * `pnpm docs` and `pnpm docs:check` share one function: plan every lesson README with its
 * generated blocks recomputed, and every README and REFERENCE with its generated excerpts.
 * Generating writes the plan; checking only compares it with the files on disk, and checks the
 * documents' shape (shape.ts) and each spine's budget (spine.ts). Nothing outside the markers
 * is ever changed.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderCodeDiff, KERNEL_PATH } from "./code-diff.ts";
import { planComparisonChapter } from "./comparison-chapter.ts";
import type { ReadmePlan } from "./readme-plan.ts";
import { discoverLessons, type LessonPackage } from "./discover.ts";
import { DocsError } from "./errors.ts";
import { writeExcerpts } from "./excerpts.ts";
import { LABELS, type Lang } from "./labels.ts";
import { gatherFacts, type LessonFacts } from "./lesson-facts.ts";
import { BLOCK_NAMES, readBlock, writeBlock, type BlockName } from "./markers.ts";
import { replacesProblems } from "./replaces-check.ts";
import { shapeProblems } from "./shape.ts";
import { renderReadFirst } from "./read-first.ts";
import { readmeSkeleton, referenceSkeleton, TEMPLATES } from "./skeleton.ts";
import { readIfExists } from "./sources.ts";
import { budgetProblems } from "./spine.ts";
import { folderVerdicts } from "./folders.ts";
import { renderWalkthrough } from "./walkthrough.ts";
import { renderWhatChanged } from "./what-changed.ts";

export interface DocsPlan {
  readmes: ReadmePlan[];
  /** Lessons left out, and why. */
  skipped: string[];
  /**
   * What is wrong with the documents' shape (shape.ts), with the lessons' reading lists (a spine
   * over its budget, spine.ts) and with their mechanisms' `replaces` (replaces-check.ts), one
   * line each; checked, never fixed.
   */
  shape: string[];
  /** Mechanism folders over the budget that their READMEs argue (folders.ts): listed, allowed. */
  exceptions: string[];
}

export async function planDocs(root: string): Promise<DocsPlan> {
  const { lessons, skipped } = await discoverLessons(root);
  const facts = await gatherAll(lessons);
  const kernel = await readIfExists(path.join(root, "packages", KERNEL_PATH));
  const readmes: ReadmePlan[] = [];
  const shape: string[] = [];
  const exceptions: string[] = [];
  for (const [i, current] of facts.entries()) {
    if (current.demoNotRun) skipped.push(`packages/${current.pkg.dirName}: its demo was not run here (${current.demoNotRun}): its walkthrough is kept as recorded`);
    shape.push(...budgetProblems(current.readFirst, `packages/${current.pkg.dirName}`));
    shape.push(...replacesProblems(current, facts[i - 1]));
    const texts = { en: "", zh: "" };
    for (const lang of ["en", "zh"] as const) {
      const readme = await planReadme(root, lang, current, facts[i - 1], kernel);
      const reference = await planReference(root, lang, current);
      readmes.push(readme, reference);
      shape.push(...shapeProblems(lang, readme, reference));
      texts[lang] = readme.after;
    }
    const folders = folderVerdicts(current.readFirst.folders, `packages/${current.pkg.dirName}`, texts);
    shape.push(...folders.problems);
    exceptions.push(...folders.exceptions);
  }
  readmes.push(...(await planComparisonChapter(root)));
  return { readmes, skipped, shape, exceptions };
}

/**
 * Lessons are independent until rendering: gather them all at once (the demos run in
 * parallel), and report every lesson that fails, not just the first.
 */
async function gatherAll(lessons: LessonPackage[]): Promise<LessonFacts[]> {
  const settled = await Promise.allSettled(lessons.map(gatherFacts));
  const failures = settled.flatMap((s, i) => {
    if (s.status === "fulfilled") return [];
    const message = (s.reason as Error).message;
    return [s.reason instanceof DocsError ? message : `${lessons[i]!.lesson.id}: ${message}`];
  });
  if (failures.length) throw new DocsError(failures.join("\n"));
  return settled.map((s) => (s as PromiseFulfilledResult<LessonFacts>).value);
}

function blocksFor(lang: Lang, current: LessonFacts, previous: LessonFacts | undefined, kernel: string | undefined) {
  const labels = LABELS[lang];
  const readme = TEMPLATES[lang].file;
  const bodies: Record<BlockName, string> = {
    "read-first": renderReadFirst(current.readFirst, labels),
    "what-changed": renderWhatChanged(current, previous, labels, readme),
    "code-diff": renderCodeDiff({ current, previous, kernel, labels }),
    walkthrough: renderWalkthrough(current, labels),
  };
  // Every block starts with the note that it is generated, so nobody edits it by hand.
  return (name: BlockName) => `${name === "read-first" ? labels.readFirstNote : labels.generatedNote}\n\n${bodies[name]}`;
}

async function planReadme(
  root: string,
  lang: Lang,
  current: LessonFacts,
  previous: LessonFacts | undefined,
  kernel: string | undefined,
): Promise<ReadmePlan> {
  const file = path.join(current.pkg.dir, TEMPLATES[lang].file);
  const rel = path.relative(root, file).split(path.sep).join("/");
  const before = await readIfExists(file);
  const body = blocksFor(lang, current, previous, kernel);
  let after = before ?? readmeSkeleton(current.pkg.lesson, lang);
  const stale: string[] = [];
  for (const name of BLOCK_NAMES) {
    const old = before === undefined ? undefined : readBlock(before, name, rel);
    if (name === "walkthrough" && current.demoNotRun && old !== undefined) continue; // kept as recorded (demoNeeds)
    after = writeBlock(after, name, body(name), TEMPLATES[lang].blocks[name], rel);
    if (old !== readBlock(after, name, rel)) stale.push(name);
  }
  const excerpts = await writeExcerpts(after, file, LABELS[lang], rel);
  return { file, rel, before, after: excerpts.text, stale: [...stale, ...excerpts.stale] };
}

/** REFERENCE.md beside the README: only its excerpts are generated (a skeleton when it is missing). */
async function planReference(root: string, lang: Lang, current: LessonFacts): Promise<ReadmePlan> {
  const file = path.join(current.pkg.dir, TEMPLATES[lang].reference.file);
  const rel = path.relative(root, file).split(path.sep).join("/");
  const before = await readIfExists(file);
  const { text: after, stale } = await writeExcerpts(before ?? referenceSkeleton(current.pkg.lesson, lang), file, LABELS[lang], rel);
  return { file, rel, before, after, stale };
}

/** Write every README whose text changed; return those plans. */
export async function writeDocs(plan: DocsPlan): Promise<ReadmePlan[]> {
  const changed = plan.readmes.filter((r) => r.after !== r.before);
  for (const readme of changed) {
    await mkdir(path.dirname(readme.file), { recursive: true });
    await writeFile(readme.file, readme.after);
  }
  return changed;
}
