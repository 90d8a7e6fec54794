/**
 * The config `pnpm exercise check` runs vitest with: one file (src/check-child.check.ts), which
 * checks one exercise and writes what happened to a file the command line reads.
 */
import { defineConfig } from "vitest/config";
import { sharedTest } from "../../vitest.shared.ts";
import { loadCatalog } from "./src/catalog.ts";
import { resolveFromLesson } from "./src/resolve-from-lesson.ts";

export default defineConfig({
  plugins: [resolveFromLesson(loadCatalog())],
  test: { ...sharedTest, include: ["src/check-child.check.ts"], pool: "threads", maxWorkers: 1 },
});
