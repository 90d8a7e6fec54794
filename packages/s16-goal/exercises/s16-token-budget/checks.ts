/**
 * s16-token-budget: the student's goalStopHook alone on a kernel, with a tokenBudget; the checks
 * count the evaluator's requests (those with a schema). The budget is set from what the same
 * session's answers cost with no budget (the simulator's usage is the same on every run).
 */
import { expect } from "vitest";
import type { Hook } from "@learn/core";
import { defineChecks } from "@learn/exercises";
import { bareGoalSession, says, verdict } from "../check-helpers/goal-session.ts";

type HookFactory = (goal: unknown, options: { blockCap: number; tokenBudget?: number }) => Hook;
const turns = [says("One."), verdict({ ok: false, reason: "a" }), says("Two."), verdict({ ok: false, reason: "b" }), says("Three."), verdict({ ok: true, reason: "c" })];
const withBudget = (tokenBudget: number | undefined) => ({ stopHook, goal }: { stopHook: Record<string, unknown>; goal: unknown }) =>
  (stopHook.goalStopHook as HookFactory)(goal, { blockCap: 9, ...(tokenBudget === undefined ? {} : { tokenBudget }) });

export default defineChecks([
  {
    name: "no budget, or a large one: the loop runs as before",
    async run(t) {
      for (const budget of [undefined, 1_000_000]) {
        const s = await bareGoalSession(t, "done", turns, withBudget(budget));
        expect(s.evaluations.length, `three stops, three checks (tokenBudget ${budget})`).toBe(3);
      }
    },
  },
  {
    name: "the budget counts every stopping answer: spent after the second answer, the loop stops there",
    async run(t) {
      const { usage } = await bareGoalSession(t, "done", turns, withBudget(undefined));
      const s = await bareGoalSession(t, "done", turns, withBudget(usage[0]! + usage[1]! - 1));
      expect(s.evaluations.length, `answers cost ${usage.join(", ")} tokens; a budget of ${usage[0]! + usage[1]! - 1} is spent by the second answer, so only the first is judged`).toBe(1);
      expect(s.agentRequests.length, "no third turn").toBe(2);
      expect(s.notices.join("\n"), "the screen should say the budget is spent").toMatch(/budget/i);
    },
  },
  {
    name: "over budget, the evaluator is not asked at all",
    async run(t) {
      const s = await bareGoalSession(t, "done", turns, withBudget(1));
      expect(s.evaluations.length, "a budget of 1 token is spent by the first answer: no verdict bought").toBe(0);
      expect(s.status, "the goal stays set").toMatch(/^Goal: done/);
    },
  },
]);
