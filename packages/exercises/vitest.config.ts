import { defineConfig } from "vitest/config";
import { sharedTest } from "../../vitest.shared.ts";
import { loadCatalog } from "./src/catalog.ts";
import { resolveFromLesson } from "./src/resolve-from-lesson.ts";

// The proof test checks students' copies in temporary folders: they import packages as their lesson does.
export default defineConfig({ plugins: [resolveFromLesson(loadCatalog())], test: sharedTest });
