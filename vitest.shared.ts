/**
 * The test settings every package shares (each package's vitest.config.ts starts from these).
 *
 * - Time limits, not measures: the CLI tests start real Node processes (the lesson, its command
 *   hooks) on a machine that may be running every package's tests at once. No test asserts how
 *   long anything took.
 * - isolate: false — the test files of a worker share one module registry, so each file does not
 *   import the lesson again (tree-sitter, the SDK, zod). A package whose test mocks a module
 *   (vi.mock) gives that file a project of its own (sharedTestIsolating).
 * - fsModuleCache — the TypeScript vitest compiled is kept on disk, so core and the earlier lessons
 *   are compiled once for the whole suite, not once per package.
 * - CLAUDE_CONFIG_DIR — from s03 on, the lessons read the user's ~/.claude (settings, agents,
 *   skills, commands) as Claude Code does. No test may read this machine's: the user folder is a path that does not exist
 *   (and the lessons' CLIs a test starts inherit it). A test about user settings passes its own
 *   folder (AgentOptions.userDir, or CLAUDE_CONFIG_DIR in a CLI's env).
 */
import os from "node:os";
import path from "node:path";
import { configDefaults, type ViteUserConfig } from "vitest/config";

export const sharedTest = {
  testTimeout: 60_000,
  hookTimeout: 60_000,
  isolate: false,
  experimental: { fsModuleCache: true },
  env: { CLAUDE_CONFIG_DIR: path.join(os.tmpdir(), "learn-agent-tests-no-user-claude-dir") },
} satisfies NonNullable<ViteUserConfig["test"]>;

/** The same, with the one test file that mocks a module (vi.mock) run isolated, in a project of its own. */
export function sharedTestIsolating(mocksAModule: string) {
  return {
    ...sharedTest,
    projects: [
      { extends: true, test: { name: "shared", exclude: [...configDefaults.exclude, mocksAModule] } },
      { extends: true, test: { name: "isolated", isolate: true, include: [mocksAModule] } },
    ],
  };
}
