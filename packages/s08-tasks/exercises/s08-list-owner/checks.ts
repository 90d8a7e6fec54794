/**
 * s08-list-owner: the lesson's agent with the student's task tools; a scripted model plans
 * three tasks, gives two to alice and one to bob, and lists them by owner. The checks read the
 * task_list results it was sent.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

const call = (name: string, input: object) => ({ content: [{ type: "tool_use", name, input }] });
const PLAN = [
  call("task_create", { subject: "Parse the input" }),
  call("task_create", { subject: "Write the tests", blockedBy: [1] }),
  call("task_create", { subject: "Write the docs" }),
  call("task_update", { id: 1, owner: "alice", status: "in_progress" }),
  call("task_update", { id: 2, owner: "alice" }),
  call("task_update", { id: 3, owner: "bob" }),
];

/** The results of task_list called with each input, after the plan above. */
async function lists(t: CheckContext, inputs: object[]) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const turns = [...PLAN, ...inputs.map((input) => call("task_list", input)), { content: [{ type: "text", text: "Listed." }] }];
  const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), await t.workspace({ ".keep": "" }));
  await agent.run("Share the work.", new AbortController().signal);
  return inputs.map((_, i) => toolResultsOf(simulator.requests[PLAN.length + i + 1]!.body)[0]!);
}

export default defineChecks([
  {
    name: "the model is offered task_list with an optional `owner`",
    async run(t) {
      const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
      const { agent, simulator } = await scriptedAgent(lesson, "turns: [ { content: [ { type: text, text: Hi. } ] } ]", await t.workspace({ ".keep": "" }));
      await agent.run("Hi.", new AbortController().signal);
      const tools = (simulator.requests[0]!.body as { tools: { name: string; input_schema: { properties?: Record<string, unknown>; required?: string[] } }[] }).tools;
      const schema = tools.find((tool) => tool.name === "task_list")!.input_schema;
      expect(Object.keys(schema.properties ?? {}), "task_list's input properties, as the model sees them").toContain("owner");
      expect(schema.required ?? [], "owner should be optional: task_list {} still shows the whole board").not.toContain("owner");
    },
  },
  {
    name: "task_list { owner: \"alice\" } shows alice's two tasks and nothing of bob's; without owner, the whole board",
    async run(t) {
      const [alice, carol, all] = await lists(t, [{ owner: "alice" }, { owner: "carol" }, {}]);
      expect(alice, 'task_list { owner: "alice" }: not an error').toMatchObject({ isError: false });
      expect(alice!.content, 'task_list { owner: "alice" }: #1, drawn as the board draws it').toContain("#1 Parse the input  [in progress: alice]");
      expect(alice!.content, 'task_list { owner: "alice" }: #2, still waiting for #1').toContain("#2 Write the tests  [pending: alice]  ← #1");
      expect(alice!.content, 'task_list { owner: "alice" }: bob\'s #3 should not be there').not.toContain("#3");
      expect(carol, 'task_list { owner: "carol" }, who has no task: a plain answer, not an error').toMatchObject({ isError: false });
      expect(carol!.content, 'task_list { owner: "carol" }: no task of anyone else').not.toMatch(/#\d/);
      expect(all!.content, "task_list {}: the whole board, as before").toMatch(/^3 tasks in \.tasks\/: 2 ready, 1 blocked, 0 done/);
    },
  },
]);
