import { defineConfig } from "vitest/config";

// One test file builds the site once and drives one browser through it: the build alone
// takes a minute of wall time on a loaded 2-core machine, so the hook's limit is generous.
// No test asserts how long anything took.
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 600_000 } });
