/**
 * A Vite plugin for the check runner: a student's file under `exercises/<id>/` imports packages
 * (`@learn/core`, `zod`) as if it sat in its lesson's folder. The repository's root has no
 * node_modules of the lessons' packages (pnpm links them per package), so without this the
 * student's copy could not import what the lesson's file imports.
 */
import path from "node:path";
import type { Plugin } from "vitest/config";
import type { Exercise } from "./exercise.ts";

const STUDENT_FILE = /[/\\]exercises[/\\](s\d\d-[\w-]+)[/\\][^/\\]+$/;

export function resolveFromLesson(exercises: readonly Exercise[]): Plugin {
  const lessonOf = new Map(exercises.map((e) => [e.id, e.lessonDir]));
  return {
    name: "learn-exercises:resolve-from-lesson",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith(".") || path.isAbsolute(source) || source.startsWith("\0")) return null;
      const lessonDir = lessonOf.get(STUDENT_FILE.exec(importer)?.[1] ?? "");
      if (!lessonDir) return null;
      return this.resolve(source, path.join(lessonDir, "src", "index.ts"), { ...options, skipSelf: true });
    },
  };
}
