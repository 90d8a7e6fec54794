import { defineConfig } from "vitest/config";

// The start's tests run real Node processes: a limit generous enough for a loaded machine.
// No test asserts how long anything took.
export default defineConfig({ test: { testTimeout: 60_000 } });
