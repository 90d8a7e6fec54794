/**
 * s05-summary-budget: the lesson's agent with the student's hand-back; a scripted explore child
 * answers at length, and the checks read the task result the lead was sent.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

const BUDGET = 4_000;

/** A report of `lines` numbered lines of 100 characters each (the newline included). */
const report = (lines: number) => Array.from({ length: lines }, (_, i) => `finding ${String(i).padStart(4, "0")} ${"x".repeat(86)}`).join("\n");

/** The task result the lead read when explore-1 answered `text`: the report, its frame taken off and unindented. */
async function handedBack(t: CheckContext, text: string) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const task = { type: "tool_use", name: "task", input: { description: "Survey", prompt: "List every finding.", subagent_type: "explore" } };
  const script = { turns: [{ content: [task] }, { agent: "explore-1", content: [{ type: "text", text }] }, { content: [{ type: "text", text: "Done." }] }] } as Script;
  const { agent, simulator } = await scriptedAgent(lesson, script, await t.workspace({ ".keep": "" }));
  await agent.run("Survey.", new AbortController().signal);
  const result = toolResultsOf(simulator.requests.at(-1)!.body)[0]!;
  const lines = result.content.split("\n");
  return { result, first: lines[0]!, last: lines.at(-1)!, report: lines.slice(1, -1).map((l) => l.slice(2)).join("\n") };
}

export default defineChecks([
  {
    name: "a report of about 10,000 characters reaches the lead cut to 4,000, the cut said, the frame whole",
    async run(t) {
      const long = report(100);
      const { first, last, report: got } = await handedBack(t, long);
      expect(first, "the task result's first line: the hand-back header").toMatch(/^\[Subagent hand-back\]/);
      expect(last, "the task result's last line: the frame's footer, never cut").toBe("[End of the hand-back of subagent explore-1.]");
      expect(got.length, `explore-1 reported ${long.length} characters: the report inside the frame should be at most ${BUDGET}`).toBeLessThanOrEqual(BUDGET);
      expect(got, "the report should begin as the child's did").toMatch(/^finding 0000 x/);
      expect(got, "the cut should be said (capText's \"output truncated\" note)").toMatch(/truncated/);
    },
  },
  {
    name: "a report within the budget arrives whole",
    async run(t) {
      const short = report(39);
      const { report: got } = await handedBack(t, short);
      expect(got, `explore-1 reported ${short.length} characters (under ${BUDGET}): the lead should read all of it`).toBe(short);
    },
  },
]);
