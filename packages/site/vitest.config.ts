import { defineConfig } from "vitest/config";

// Two kinds of test share these settings. `pnpm test` (test/unit/, part of the root's `pnpm test`)
// runs the page generator in-process on a small made-up course. The browser test (`pnpm
// test:browser`, test/site.test.ts, not part of `pnpm test`): one file builds the site once
// and drives one browser through every page. How long that takes depends on the machine and on
// what else runs beside it, so the limits are there to end a hang, not to judge speed: no test
// asserts how long anything took.
export default defineConfig({ test: { testTimeout: 600_000, hookTimeout: 600_000 } });
