import { defineConfig } from "vitest/config";

// The docs tests run lesson demos for real (twice, for the stale-docs test): give them time.
export default defineConfig({ test: { testTimeout: 60_000 } });
