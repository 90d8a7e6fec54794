import { defineConfig } from "vitest/config";
import { sharedTestIsolating } from "../../vitest.shared.ts";

// The one test file that mocks a module runs isolated, in a project of its own.
export default defineConfig({ test: sharedTestIsolating("test/parser-fails.test.ts") });
