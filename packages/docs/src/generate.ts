/**
 * `pnpm docs` and `pnpm docs:check` share one function: plan every lesson README with its
 * generated blocks recomputed. Generating writes the plan; checking only compares it with
 * the files on disk. Nothing outside the markers is ever changed.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderCodeDiff, KERNEL_PATH } from "./code-diff.ts";
import { discoverLessons, type LessonPackage } from "./discover.ts";
import { DocsError } from "./errors.ts";
import { LABELS, type Lang } from "./labels.ts";
import { gatherFacts, type LessonFacts } from "./lesson-facts.ts";
import { BLOCK_NAMES, readBlock, writeBlock, type BlockName } from "./markers.ts";
import { readmeSkeleton, TEMPLATES } from "./skeleton.ts";
import { readIfExists } from "./sources.ts";
import { renderWalkthrough } from "./walkthrough.ts";
import { renderWhatChanged } from "./what-changed.ts";

export interface ReadmePlan {
  /** Absolute path. */
  file: string;
  /** Relative to the root, for messages: `packages/s01-loop/README.md`. */
  rel: string;
  /** The file as it is now; undefined when it does not exist yet. */
  before: string | undefined;
  /** The file with every generated block up to date. */
  after: string;
  /** The blocks whose text differs from what is on disk. */
  stale: BlockName[];
}

export interface DocsPlan {
  readmes: ReadmePlan[];
  /** Lessons left out, and why. */
  skipped: string[];
}

export async function planDocs(root: string): Promise<DocsPlan> {
  const { lessons, skipped } = await discoverLessons(root);
  const facts = await gatherAll(lessons);
  const kernel = await readIfExists(path.join(root, "packages", KERNEL_PATH));
  const readmes: ReadmePlan[] = [];
  for (const [i, current] of facts.entries()) {
    for (const lang of ["en", "zh"] as const) {
      readmes.push(await planReadme(root, lang, current, facts[i - 1], kernel));
    }
  }
  return { readmes, skipped };
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
    "what-changed": renderWhatChanged(current, previous, labels, readme),
    "code-diff": renderCodeDiff({ current, previous, kernel, labels }),
    walkthrough: renderWalkthrough(current, labels),
  };
  // Every block starts with the note that it is generated, so nobody edits it by hand.
  return (name: BlockName) => `${labels.generatedNote}\n\n${bodies[name]}`;
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
  const stale: BlockName[] = [];
  for (const name of BLOCK_NAMES) {
    const old = before === undefined ? undefined : readBlock(before, name, rel);
    after = writeBlock(after, name, body(name), TEMPLATES[lang].blocks[name], rel);
    if (old !== readBlock(after, name, rel)) stale.push(name);
  }
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
