import { defineConfig } from "vitest/config";

// The demo runs real Node processes (the practice workspace's logging hook on every call, the
// children's included): a limit generous enough for a loaded machine. No test asserts how long
// anything took.
export default defineConfig({ test: { testTimeout: 60_000 } });
