import { defineConfig } from "vitest/config";

// The CLI tests start real Node processes (the lessons, their commands): a limit generous
// enough for a loaded machine (2 cores, every package testing at once). No test asserts how long
// anything took.
export default defineConfig({ test: { testTimeout: 60_000 } });
