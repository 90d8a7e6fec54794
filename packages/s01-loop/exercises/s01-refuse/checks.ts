/**
 * s01-refuse: the bash tool of the lesson, with the student's guard in it, gets commands that
 * CONTAIN the dangerous text but only echo it — so a guard that lets one through harms nothing.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

type S01 = { lesson: Lesson };

/** What the bash tool answered to each command, run one per round by the lesson's agent. */
async function resultsFor(t: CheckContext, commands: string[]) {
  const { lesson } = await t.lesson<S01>("src/index.ts");
  const cwd = await t.workspace({ ".keep": "" });
  const turns = commands.map((command) => `  - content: [ { type: tool_use, name: bash, input: { command: ${JSON.stringify(command)} } } ]`);
  const { agent, simulator } = await scriptedAgent(lesson, ["turns:", ...turns, "  - content: [ { type: text, text: 'Done.' } ]"].join("\n"), cwd);
  await agent.run("try these", new AbortController().signal);
  return commands.map((command, i) => ({ command, result: toolResultsOf(simulator.requests[i + 1]!.body)[0] }));
}

export default defineChecks([
  {
    name: "refuses rm -fr / and rm -r -f / (and still rm -rf /)",
    async run(t) {
      for (const { command, result } of await resultsFor(t, ["echo rm -rf /", "echo rm -fr /", "echo rm -r -f /", "echo rm --recursive --force /"])) {
        expect(result?.content, `the bash tool should refuse \`${command}\` (it contains a dangerous rm)`).toContain("Refused: ");
      }
    },
  },
  {
    name: "still runs what is harmless: rm -rf ./build, ls /, echo pseudo",
    async run(t) {
      for (const { command, result } of await resultsFor(t, ["echo rm -rf ./build", "echo ls /", "echo pseudo"])) {
        expect(result?.content, `\`${command}\` should run, not be refused`).not.toContain("Refused");
      }
    },
  },
]);
