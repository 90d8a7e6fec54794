/**
 * s08-graph: the lesson's agent with the student's graph; a scripted model plans three tasks
 * (#2 waits for #1, #3 for both), lists them, tries to start #3, completes #1, lists again and
 * tries to make a loop. The checks read each tool result the model was sent.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

const call = (name: string, input: object) => ({ content: [{ type: "tool_use", name, input }] });
const STEPS = [
  call("task_create", { subject: "Parse the input" }),
  call("task_create", { subject: "Write the tests", blockedBy: [1] }),
  call("task_create", { subject: "Write the docs", blockedBy: [1, 2] }),
  call("task_list", {}),
  call("task_update", { id: 3, status: "in_progress" }),
  call("task_update", { id: 1, status: "completed" }),
  call("task_list", {}),
  call("task_update", { id: 2, addBlockedBy: [3] }),
];

/** The result of each step, by its number (1 = the first task_create). */
async function results(t: CheckContext) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const turns = [...STEPS, { content: [{ type: "text", text: "Planned." }] }];
  const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), await t.workspace({ ".keep": "" }));
  await agent.run("Plan the parser.", new AbortController().signal);
  return (step: number) => toolResultsOf(simulator.requests[step]?.body ?? {})[0];
}

export default defineChecks([
  {
    name: "task_list groups the board: a task is ready when every task it waits for is completed",
    async run(t) {
      const step = await results(t);
      expect(step(4)?.content, "step 4, task_list after creating #1, #2 (waits for #1), #3 (waits for #1 and #2)").toBe(
        ["3 tasks in .tasks/: 1 ready, 2 blocked, 0 done", "Ready:", "  #1 Parse the input  [pending]", "Blocked:", "  #2 Write the tests  [pending]  ← #1", "  #3 Write the docs  [pending]  ← #1 ← #2"].join("\n"),
      );
      expect(step(7)?.content, "step 7, task_list after #1 was completed: #2 is ready now, #3 still waits for #2").toBe(
        ["3 tasks in .tasks/: 1 ready, 1 blocked, 1 done", "Ready:", "  #2 Write the tests  [pending]  ← #1 ✓", "Blocked:", "  #3 Write the docs  [pending]  ← #1 ✓ ← #2", "Done:", "  #1 Parse the input"].join("\n"),
      );
    },
  },
  {
    name: "a blocked task cannot start; completing its blocker says what is now ready",
    async run(t) {
      const step = await results(t);
      expect(step(5), "step 5, task_update #3 in_progress while #1 and #2 are open: refused, naming both").toMatchObject({ isError: true, content: expect.stringContaining("it waits for #1 (pending), #2 (pending)") });
      expect(step(6)?.content, "step 6, task_update #1 completed: the result should say #2 is ready now").toMatch(/now ready: #2$/);
    },
  },
  {
    name: "a link that would close a loop is refused, and the loop is named",
    async run(t) {
      const step = await results(t);
      expect(step(8), "step 8, task_update #2 addBlockedBy [3], while #3 waits for #2: refused").toMatchObject({ isError: true });
      expect(step(8)?.content, "step 8: the refusal should draw the loop, from #2 back to itself").toContain("#2 → #3 → #2");
    },
  },
  {
    name: "a blocker with no task (its file deleted by hand) is not completed: the task it blocks stays blocked",
    async run(t) {
      const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
      const now = new Date().toISOString();
      const waiting = { id: 1, subject: "Ship it", description: "", status: "pending", owner: null, blockedBy: [7], blocks: [], createdAt: now, updatedAt: now };
      const cwd = await t.workspace({ ".tasks/1.json": JSON.stringify(waiting) });
      const turns = [call("task_list", {}), call("task_update", { id: 1, status: "in_progress" }), { content: [{ type: "text", text: "Checked." }] }];
      const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), cwd);
      await agent.run("What can start?", new AbortController().signal);
      const step = (n: number) => toolResultsOf(simulator.requests[n]?.body ?? {})[0];
      expect(step(1)?.content, "task_list: #1 waits for #7, which no task file holds, so #1 is blocked, not ready").toMatch(/0 ready, 1 blocked/);
      expect(step(2), "task_update #1 in_progress while #7 is not completed (there is no #7): refused").toMatchObject({ isError: true });
    },
  },
]);
