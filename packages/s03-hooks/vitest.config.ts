import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { sharedTest } from "../../vitest.shared.ts";

// At least two workers, even on two cores (vitest's default there is one): much of s03's test
// time is spent waiting on other processes — the CLI runs, command hooks, a hook's time limit
// running out — and a second worker runs other files meanwhile. Measured on 2 cores: the same
// CPU time, about a third less wall time for `pnpm --filter s03 test`.
export default defineConfig({ test: { ...sharedTest, maxWorkers: Math.max(2, availableParallelism() - 1) } });
