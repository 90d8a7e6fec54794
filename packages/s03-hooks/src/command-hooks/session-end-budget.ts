/**
 * How long SessionEnd hooks may hold the exit: Claude Code's budget (2.1.328, read from the
 * binary), so a hook that sleeps does not keep `--print` from returning for a minute:
 *
 *   max(1.5 s, the largest `timeout` a SessionEnd hook sets, at most 60 s)
 *   CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS, when set, may raise it (to at most an hour)
 *
 * A hook without a `timeout` of its own counts for nothing: with only those, 1.5 s. When the
 * budget runs out the hooks still running are stopped, as one that outlived its own timeout.
 */
import type { HookMatcherSpec } from "@learn/claude-code-files";

const FLOOR_MS = 1_500;
const CONFIGURED_CAP_MS = 60_000;
const ENV_CAP_MS = 3_600_000;

export function sessionEndBudgetMs(entries: readonly HookMatcherSpec[], env: NodeJS.ProcessEnv = process.env): number {
  const configured = Math.max(0, ...entries.flatMap((e) => e.hooks.map((h) => (h.configuredTimeoutSeconds ?? 0) * 1000)));
  const fromEnv = Number(env.CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS);
  const override = Number.isFinite(fromEnv) && fromEnv > 0 ? Math.min(fromEnv, ENV_CAP_MS) : 0;
  return Math.max(FLOOR_MS, Math.min(configured, CONFIGURED_CAP_MS), override);
}
