/**
 * s02-grep-ignore-case: the lesson's agent, with the student's grep, in a scripted session: the
 * request shows the new property in grep's input_schema, and the search honours it.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

const FILES = { "notes.md": "TODO: write the tests\nnothing here\n", "app.js": "// todo: remove this\n" };

export default defineChecks([
  {
    name: "the model is offered ignore_case in grep's input_schema, and it finds TODO and todo",
    async run(t) {
      const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
      const cwd = await t.workspace(FILES);
      const { agent, simulator } = await scriptedAgent(
        lesson,
        [
          "turns:",
          "  - content: [ { type: tool_use, name: grep, input: { pattern: 'todo', ignore_case: true } } ]",
          "  - content: [ { type: tool_use, name: grep, input: { pattern: 'todo' } } ]",
          "  - content: [ { type: text, text: 'Searched.' } ]",
        ].join("\n"),
        cwd,
      );
      await agent.run("find the todos", new AbortController().signal);
      const tools = (simulator.requests[0]!.body as { tools: { name: string; input_schema: { properties: Record<string, { type?: string }> } }[] }).tools;
      const grep = tools.find((tool) => tool.name === "grep");
      expect(grep?.input_schema.properties.ignore_case, "the first request: grep's input_schema should have a boolean ignore_case").toMatchObject({ type: "boolean" });
      const [caseless] = toolResultsOf(simulator.requests[1]!.body);
      expect(caseless?.content, "grep { pattern: 'todo', ignore_case: true } should find both lines").toBe("app.js:1: // todo: remove this\nnotes.md:1: TODO: write the tests");
      const [exact] = toolResultsOf(simulator.requests[2]!.body);
      expect(exact?.content, "grep { pattern: 'todo' } without ignore_case should still match case exactly").toBe("app.js:1: // todo: remove this");
    },
  },
]);
