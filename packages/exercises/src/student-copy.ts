/**
 * The student's copy of an exercise: `exercises/<id>/<file>` at the repository's root, a folder
 * git ignores — `git pull` never meets the student's work, and `pnpm reset` (which restores
 * practice-workspace/) never touches it.
 *
 * Each file is self-contained where it sits: its relative imports are rewritten to reach back
 * into the lesson (`../../packages/s01-loop/src/bash/bash-tool.ts`), except an import of another of
 * the exercise's own files, which stays a sibling. Package imports (`@learn/core`, `zod`) are
 * resolved from the lesson's folder by the check runner (vitest.check.config.ts).
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "@learn/core/harness";
import type { Exercise, ExerciseFile } from "./exercise.ts";
import { applySolutionPatch } from "./solution-patch.ts";
import { insertTodos, takeOutBodies } from "./take-out.ts";

/** Where the student's copies live: `<root>/exercises/`. */
export function exercisesFolder(root: string): string {
  return path.join(root, "exercises");
}

export function studentDir(root: string, exercise: Pick<Exercise, "id">): string {
  return path.join(exercisesFolder(root), exercise.id);
}

export function studentFile(root: string, exercise: Pick<Exercise, "id">, file: ExerciseFile): string {
  return path.join(studentDir(root, exercise), file.name);
}

/**
 * Where a file's starter or solution is stored: in the exercise folder, or the lesson's own module
 * (a solution stored as a patch is the lesson's module, patched: its imports are written from there).
 */
export function sourceOf(exercise: Exercise, file: ExerciseFile, which: "starter" | "solution"): string {
  const own = file[which];
  if (own) return path.join(exercise.dir, own);
  if (file.replaces) return path.join(exercise.lessonDir, file.replaces);
  throw new Error(`${exercise.id}: ${file.name} has no ${which} and replaces no lesson file`);
}

/** The starter's or solution's text, its relative imports rewritten for where the student's copy sits. */
export async function textFor(root: string, exercise: Exercise, file: ExerciseFile, which: "starter" | "solution"): Promise<string> {
  const from = sourceOf(exercise, file, which);
  const siblings = new Map(exercise.files.map((f) => [sourceOf(exercise, f, which), studentFile(root, exercise, f)]));
  // A patched lesson file imports the exercise's new files as if they sat beside it (`./list-dir.ts`).
  if (which === "solution" && file.patch) {
    for (const f of exercise.files) if (!f.replaces) siblings.set(path.join(path.dirname(from), f.name), studentFile(root, exercise, f));
  }
  let text = await readFile(from, "utf8");
  if (which === "starter" && file.takeOut) {
    text = takeOutBodies(text, from, await readBodies(exercise, file.takeOut));
  }
  if (which === "starter" && file.todo) text = insertTodos(text, from, await readBodies(exercise, file.todo));
  if (which === "solution" && file.patch) {
    const patchFile = path.join(exercise.dir, file.patch);
    // Named from the repository's root in the message: packages/s03-hooks/src/permissions/index.ts.
    const shown = (file: string) => path.relative(path.resolve(exercise.lessonDir, "../.."), file).split(path.sep).join("/");
    text = applySolutionPatch(text, await readFile(patchFile, "utf8"), { lessonFile: shown(from), patchFile: shown(patchFile) });
  }
  return rewriteImports(text, from, studentFile(root, exercise, file), siblings);
}

/** Each function name's text, read from its file in the exercise folder. */
async function readBodies(exercise: Exercise, files: Readonly<Record<string, string>>): Promise<Record<string, string>> {
  return Object.fromEntries(await Promise.all(Object.entries(files).map(async ([name, body]) => [name, await readFile(path.join(exercise.dir, body), "utf8")] as const)));
}

const RELATIVE_IMPORT = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.\.?\/[^"']+)\2/g;

/**
 * `text` was written at `from`; make its relative imports right at `to`. An import of a file in
 * `siblings` (stored place → student's copy) points at the student's copy instead.
 */
export function rewriteImports(text: string, from: string, to: string, siblings: ReadonlyMap<string, string> = new Map()): string {
  return text.replace(RELATIVE_IMPORT, (_match, keyword: string, quote: string, specifier: string) => {
    const target = path.resolve(path.dirname(from), specifier);
    const rewritten = path.relative(path.dirname(to), siblings.get(target) ?? target).split(path.sep).join("/");
    return `${keyword}${quote}${rewritten.startsWith(".") ? rewritten : `./${rewritten}`}${quote}`;
  });
}

export interface Started {
  /** The student's files, and whether each was written now (false: it was there and kept). */
  files: { path: string; created: boolean }[];
}

/** Prepare the student's copy. A file that already exists is never overwritten. */
export async function startExercise(root: string, exercise: Exercise): Promise<Started> {
  await mkdir(studentDir(root, exercise), { recursive: true });
  const files: Started["files"] = [];
  for (const file of exercise.files) {
    const target = studentFile(root, exercise, file);
    const created = !existsSync(target);
    if (created) await writeFileAtomic(target, await textFor(root, exercise, file, "starter"));
    files.push({ path: target, created });
  }
  return { files };
}

/** Has the student started this exercise (every file there)? */
export function isStarted(root: string, exercise: Exercise): boolean {
  return exercise.files.every((file) => existsSync(studentFile(root, exercise, file)));
}

/**
 * Write the reference solution over the student's copy, keeping each file the student had as
 * `<file>.bak` (then `.bak.1`, `.bak.2`…): asking for the solution twice loses nothing either.
 */
export async function writeSolution(root: string, exercise: Exercise): Promise<{ path: string; backup?: string }[]> {
  await mkdir(studentDir(root, exercise), { recursive: true });
  const written: { path: string; backup?: string }[] = [];
  for (const file of exercise.files) {
    const target = studentFile(root, exercise, file);
    let backup: string | undefined;
    if (existsSync(target)) {
      backup = freeBackupName(target);
      await copyFile(target, backup);
    }
    await writeFileAtomic(target, await textFor(root, exercise, file, "solution"));
    written.push({ path: target, backup });
  }
  return written;
}

/** `<file>.bak`, or `.bak.1`, `.bak.2`… when taken: no backup overwrites another. */
function freeBackupName(file: string): string {
  if (!existsSync(`${file}.bak`)) return `${file}.bak`;
  for (let n = 1; ; n++) if (!existsSync(`${file}.bak.${n}`)) return `${file}.bak.${n}`;
}
