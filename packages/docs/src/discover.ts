/**
 * Which lessons exist: every `packages/sNN-name` folder, in order. A folder without
 * `src/index.ts` is a lesson still being written and is skipped (with a note); one whose
 * index does not export a proper `lesson` is an error. Lessons are imported from their own
 * folder, so pointing the generator at another root (a test's copy) uses that copy's code.
 */
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Mechanism } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import { DocsError } from "./errors.ts";

export const LESSON_DIR = /^s\d\d-[a-z0-9-]+$/;

export interface LessonPackage {
  /** The folder name, which the docs use to name the lesson's files: `s01-loop`. */
  dirName: string;
  /** Absolute path of the package folder. */
  dir: string;
  lesson: Lesson;
  /** Its list of mechanisms (the index's `mechanisms`): what "What changed" asks for every role. */
  mechanisms: readonly Mechanism[];
}

export interface Discovery {
  lessons: LessonPackage[];
  /** Why a folder was left out, one line each. */
  skipped: string[];
}

export async function discoverLessons(root: string): Promise<Discovery> {
  const packages = path.join(root, "packages");
  const names = (await readdir(packages, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && LESSON_DIR.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const lessons: LessonPackage[] = [];
  const skipped: string[] = [];
  for (const dirName of names) {
    const dir = path.join(packages, dirName);
    const index = path.join(dir, "src", "index.ts");
    if (!existsSync(index)) {
      skipped.push(`packages/${dirName}: no src/index.ts yet, skipped`);
      continue;
    }
    lessons.push({ dirName, dir, ...(await importLesson(index, dirName)) });
  }
  return { lessons, skipped };
}

async function importLesson(index: string, dirName: string): Promise<{ lesson: Lesson; mechanisms: readonly Mechanism[] }> {
  const where = `packages/${dirName}/src/index.ts`;
  let module: { lesson?: Partial<Lesson>; mechanisms?: unknown };
  try {
    module = (await import(pathToFileURL(index).href)) as typeof module;
  } catch (err) {
    throw new DocsError(`${where} cannot be loaded: ${(err as Error).message}`);
  }
  const lesson = module.lesson;
  if (!lesson || typeof lesson.id !== "string" || typeof lesson.createAgent !== "function" || !Array.isArray(lesson.demoScripts)) {
    throw new DocsError(`${where} must export \`lesson\` (a Lesson with id, title, headline, demoScripts, createAgent)`);
  }
  if (!Array.isArray(module.mechanisms)) throw new DocsError(`${where} must export \`mechanisms\`, the list its agent is built from`);
  return { lesson: lesson as Lesson, mechanisms: module.mechanisms as Mechanism[] };
}
