/**
 * s07-summary-model: the lesson's agent with the student's auto-compact; a scripted model reads
 * a file and asks for a compaction (the compact tool), and the checks read the model each
 * request named.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";

const SUMMARY = "<summary>Goal: read the notes. Findings: they say hello.</summary>";

export default defineChecks([
  {
    name: "the summary request names SUMMARY_MODEL; every other request keeps the lead's model",
    async run(t) {
      const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
      const module = await t.lesson<{ SUMMARY_MODEL?: string }>("src/compaction/auto-compact.ts");
      // Read only if it is there: a module stood in for by the student's answers an absent name with vitest's own error.
      const SUMMARY_MODEL = Object.keys(module).includes("SUMMARY_MODEL") ? module.SUMMARY_MODEL : undefined;
      expect(typeof SUMMARY_MODEL, "auto-compact.ts should export SUMMARY_MODEL, the summary model's id (a string)").toBe("string");
      const turns = [
        { content: [{ type: "tool_use", name: "read_file", input: { path: "notes.txt" } }] },
        { content: [{ type: "tool_use", name: "compact", input: {} }] },
        { expect: { lastUserIncludes: "Summarise the conversation so far" }, content: [{ type: "text", text: SUMMARY }] },
        { content: [{ type: "text", text: "Done." }] },
      ];
      const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), await t.workspace({ "notes.txt": "hello\n" }));
      await agent.run("Read the notes, then compact.", new AbortController().signal);
      const models = simulator.requests.map((r) => (r.body as { model: string }).model);
      const lead = models[0]!;
      expect(SUMMARY_MODEL, "SUMMARY_MODEL should be another model than the lead's").not.toBe(lead);
      expect(models, "the model each request named: read, compact, THE SUMMARY, the answer after it").toEqual([lead, lead, SUMMARY_MODEL, lead]);
    },
  },
]);
