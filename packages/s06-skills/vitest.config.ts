import { configDefaults, defineConfig } from "vitest/config";

// The demo runs real processes (the practice workspace's logging hook on every call, the
// children's included): a limit generous enough for a loaded machine. No test asserts how long
// anything took.
// Two projects: test/memory-crash.test.ts mocks node:fs/promises, and a mocked module must not
// leak into other test files, so it runs isolated; the others share one module registry per
// worker (isolate: false), as in the other packages, so the lesson's imports load once.
const MOCKS_A_MODULE = "test/memory-crash.test.ts";

export default defineConfig({
  test: {
    testTimeout: 60_000, hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "shared", isolate: false, exclude: [...configDefaults.exclude, MOCKS_A_MODULE] } },
      { extends: true, test: { name: "isolated", include: [MOCKS_A_MODULE] } },
    ],
  },
});
