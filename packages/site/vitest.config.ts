import { defineConfig } from "vitest/config";

// The browser test (`pnpm test:browser`, not part of `pnpm test`): one file builds the site once
// and drives one browser through every page. How long that takes depends on the machine and on
// what else runs beside it, so the limits are there to end a hang, not to judge speed: no test
// asserts how long anything took.
export default defineConfig({ test: { testTimeout: 600_000, hookTimeout: 600_000 } });
