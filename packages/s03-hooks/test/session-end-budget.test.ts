/** SessionEnd's budget, as Claude Code 2.1.328 computes it (read from its binary: session-end-budget.ts). */
import { describe, expect, it } from "vitest";
import { hookMatcherSchema } from "@learn/claude-code-files";
import { sessionEndBudgetMs } from "../src/command-hooks/session-end-budget.ts";

const withTimeouts = (...timeouts: (number | undefined)[]) =>
  timeouts.length === 0 ? [] : [hookMatcherSchema.parse({ matcher: "", hooks: timeouts.map((timeout) => ({ type: "command", command: "true", ...(timeout ? { timeout } : {}) })) })];

describe("the SessionEnd budget", () => {
  it.each([
    [[], {}, 1_500],
    [[undefined], {}, 1_500],
    [[1], {}, 1_500],
    [[5, undefined, 20], {}, 20_000],
    [[600], {}, 60_000],
    [[5], { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "120000" }, 120_000],
    [[5], { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "99999999" }, 3_600_000],
    [[5], { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "soon" }, 5_000],
  ] as const)("timeouts %j with %j: %d ms", (timeouts, env, budget) => {
    expect(sessionEndBudgetMs(withTimeouts(...timeouts), env)).toBe(budget);
  });
});
