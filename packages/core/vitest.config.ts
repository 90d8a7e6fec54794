import { defineConfig } from "vitest/config";

// The CLI tests start real Node processes (the lessons, their commands): a limit generous
// enough for a loaded machine (2 cores, every package testing at once). No test asserts how long
// anything took.
// isolate: false — the test files of a worker share one module registry: each file no longer
// re-imports the lesson (tree-sitter, the SDK, zod), which was a third of the suite's time.
// No test here mocks a module; one that does (vi.mock) needs its own package setting.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000, isolate: false } });
