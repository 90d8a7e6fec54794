import { defineConfig } from "vitest/config";
import { sharedTest } from "../../vitest.shared.ts";

// The tests that start real sandboxes: they need bubblewrap and user namespaces, and fail (never skip) without them.
export default defineConfig({ test: { ...sharedTest, include: ["test/sandbox/**/*.test.ts"] } });
