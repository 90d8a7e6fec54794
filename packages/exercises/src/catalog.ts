/**
 * Every exercise of the course, found where it lives: `packages/<lesson>/exercises/<id>/exercise.json`.
 * A broken exercise.json is the course's bug, not the student's: it stops `list` with its path.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { globSync } from "tinyglobby";
import { exerciseMetaSchema, type Exercise } from "./exercise.ts";

/** The repository's root folder. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export function loadCatalog(root = REPO_ROOT): Exercise[] {
  const files = globSync("packages/*/exercises/*/exercise.json", { cwd: root, absolute: true });
  const exercises = files.map((file) => {
    const parsed = exerciseMetaSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) throw new Error(`${path.relative(root, file)}: ${issuesText(parsed.error.issues)}`);
    const dir = path.dirname(file);
    if (parsed.data.id !== path.basename(dir)) throw new Error(`${path.relative(root, file)}: its id must be its folder's name`);
    return { ...parsed.data, dir, lessonDir: path.resolve(dir, "../..") };
  });
  return exercises.sort((a, b) => a.lesson.localeCompare(b.lesson) || a.order - b.order || a.id.localeCompare(b.id));
}

function issuesText(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues.map((issue) => `${issue.path.join(".") || "(top)"}: ${issue.message}`).join("; ");
}
