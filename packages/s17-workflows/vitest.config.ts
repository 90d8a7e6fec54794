import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { sharedTest } from "../../vitest.shared.ts";

// No test writes a transcript into this machine's ~/.learn-agent-harness: a test that does not
// name its own --sessions-dir writes here (the shared contracts build the agent with no flags).
export default defineConfig({ test: { ...sharedTest, env: { ...sharedTest.env, LEARN_SESSIONS_DIR: path.join(os.tmpdir(), "learn-s17-tests-sessions") } } });
