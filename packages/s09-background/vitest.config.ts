import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { sharedTest } from "../../vitest.shared.ts";

// At least two workers, even on two cores (vitest's default there is one): this package's tests
// are among the longest of `pnpm test`, and much of their time is spent waiting on other
// processes (jobs, git, the CLI). A second worker runs other files meanwhile, so the suite's
// last package does not run alone on one core.
export default defineConfig({ test: { ...sharedTest, maxWorkers: Math.max(2, availableParallelism() - 1) } });
