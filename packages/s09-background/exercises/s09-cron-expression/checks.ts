/**
 * s09-cron-expression: the lesson's agent with the student's expression.ts; a scripted model
 * schedules jobs with cron_create, some with expressions a model gets wrong, and the checks read
 * the tool results it was sent.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

/** cron_create with each expression, one round each, in a session's memory only; the results. */
async function schedule(t: CheckContext, crons: string[]) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const turns = crons.map((cron) => ({ content: [{ type: "tool_use", name: "cron_create", input: { cron, prompt: "Check the deploy." } }] }));
  const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns: [...turns, { content: [{ type: "text", text: "Scheduled." }] }] }), await t.workspace({}));
  try {
    await agent.run("Schedule a check.", new AbortController().signal);
  } finally {
    await agent.close?.();
  }
  return crons.map((cron, i) => ({ cron, result: toolResultsOf(simulator.requests[i + 1]!.body)[0]! }));
}

export default defineChecks([
  {
    name: "a valid five-field expression is scheduled, and the result says when it runs next",
    async run(t) {
      const results = await schedule(t, ["*/5 * * * *", "30 14 * * *"]);
      for (const { cron, result } of results) {
        expect(result.content, `cron_create { cron: "${cron}" } should schedule a job`).toMatch(/^Scheduled \S+: /);
      }
      expect(results[1]!.result.content, 'cron_create { cron: "30 14 * * *" }: its next run is at 14:30').toMatch(/next run [^;]*14:30/);
    },
  },
  {
    name: "not five fields: refused with the count, or the nickname, and how to write it",
    async run(t) {
      // What each reason must say, in words (for the message), and how that is checked.
      const expected: Record<string, [says: string, ...must: RegExp[]]> = {
        "* * * *": ["how many fields it has (4) and how many it needs (5)", /\b4\b/, /\b5\b/],
        "0 */5 * * * *": ["how many fields it has (6) and how many it needs (5)", /\b6\b/, /\b5\b/],
        "@daily": ["that nicknames are not accepted", /nickname/i],
        "   ": ["that it is empty", /empty/i],
      };
      for (const { cron, result } of await schedule(t, Object.keys(expected))) {
        const [says, ...must] = expected[cron]!;
        expect(result.isError, `cron_create { cron: ${JSON.stringify(cron)} } should be an error result`).toBe(true);
        for (const pattern of must) expect(result.content, `cron_create { cron: ${JSON.stringify(cron)} }: the reason should say ${says}`).toMatch(pattern);
        expect(result.content, `cron_create { cron: ${JSON.stringify(cron)} }: and how to write a right one`).toContain("Use five fields");
      }
    },
  },
  {
    name: "five fields with a wrong value: refused with croner's reason (which field)",
    async run(t) {
      const { result } = (await schedule(t, ["61 * * * *"]))[0]!;
      expect(result.isError, 'cron_create { cron: "61 * * * *" } should be an error result').toBe(true);
      expect(result.content, 'cron_create { cron: "61 * * * *" }: the reason names the field').toMatch(/"61 \* \* \* \*" is not a valid cron expression: .*minute/i);
      expect(result.content, "…without croner's own prefix").not.toContain("CronPattern:");
    },
  },
]);
