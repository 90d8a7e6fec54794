import { configDefaults, defineConfig } from "vitest/config";
import { sharedTest } from "../../vitest.shared.ts";

// test/sandbox/ needs bubblewrap: its own command (`pnpm --filter @learn/s14 test:sandbox`, vitest.sandbox.config.ts).
export default defineConfig({ test: { ...sharedTest, exclude: [...configDefaults.exclude, "test/sandbox/**"] } });
