/**
 * s08-stale-mirror: task files written as a crash would leave them (one side of a link
 * missing); the lesson's agent starts there with the student's /tasks, and the checks read
 * what it shows.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";

const STAMP = "2026-01-05T10:00:00.000Z";
const task = (id: number, subject: string, blockedBy: number[], blocks: number[]) =>
  JSON.stringify({ id, subject, description: "", status: "pending", owner: null, blockedBy, blocks, createdAt: STAMP, updatedAt: STAMP });

/** What /tasks shows on a board of these task files. */
async function tasksScreen(t: CheckContext, files: Record<string, string>): Promise<string> {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const { agent } = await scriptedAgent(lesson, "turns: [ { content: [ { type: text, text: Hi. } ] } ]", await t.workspace(files));
  return String(await agent.commands!.find((c) => c.name === "tasks")!.run(""));
}

/** The lines after the stale-mirror heading; none when there is no such heading. */
function staleLines(screen: string): string[] {
  const lines = screen.split("\n");
  const heading = lines.findIndex((l) => /stale/i.test(l));
  return heading < 0 ? [] : lines.slice(heading + 1);
}

export default defineChecks([
  {
    name: "a blocker whose blocks lacks its dependent is reported, naming both",
    async run(t) {
      // #2 waits for #1, but the crash came before #1's mirror was written.
      const screen = await tasksScreen(t, { ".tasks/1.json": task(1, "Parse the input", [], []), ".tasks/2.json": task(2, "Write the tests", [1], []) });
      expect(screen, "/tasks with #2 waiting for #1 and #1's blocks empty: the board as before, then a line about stale mirrors").toMatch(/^2 tasks in \.tasks\/[\s\S]*\n.*stale.*\n/i);
      expect(staleLines(screen).join("\n"), "the lines after the stale-mirror heading should name #1 and #2").toMatch(/#1.*#2|#2.*#1/);
    },
  },
  {
    name: "a blocks entry whose task does not wait is reported too; a board that agrees shows nothing more",
    async run(t) {
      const screen = await tasksScreen(t, {
        ".tasks/1.json": task(1, "Parse the input", [], [2]),
        ".tasks/2.json": task(2, "Write the tests", [1], []),
        ".tasks/3.json": task(3, "Write the docs", [], [1]),
      });
      expect(staleLines(screen).filter((l) => /#3.*#1|#1.*#3/.test(l)), "/tasks when #3's blocks lists #1, but #1 waits for nothing: a line naming #3 and #1").toHaveLength(1);
      const clean = await tasksScreen(t, { ".tasks/1.json": task(1, "Parse the input", [], [2]), ".tasks/2.json": task(2, "Write the tests", [1], []) });
      expect(clean, "/tasks when every mirror agrees: nothing about stale mirrors").not.toMatch(/stale/i);
    },
  },
]);
