import { defineConfig } from "vitest/config";

// Teammates are concurrent agents with real tools, and the demo waits for them: a limit generous enough for a
// loaded machine. No test asserts how long anything took (the figures are in `pnpm bench`).
// isolate: false — the test files of a worker share one module registry (the lesson's imports
// are loaded once). No test here mocks a module.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000, isolate: false } });
