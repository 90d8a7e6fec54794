import { defineConfig } from "vitest/config";

// The demo runs real Node processes (the practice workspace's logging hook on every call, the
// children's included): a limit generous enough for a loaded machine. No test asserts how long
// anything took.
// Isolated (unlike the other packages): test/memory-crash.test.ts mocks node:fs/promises, and
// a mocked module must not leak into the other test files of the worker.
export default defineConfig({ test: { testTimeout: 60_000 } });
