/**
 * s02-list-dir: the lesson's agent, with the student's tool list in it, offers list_dir to the
 * model; a scripted session calls it on a folder, a subfolder, and a path outside the workspace.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Tool } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

const FILES = { "notes.md": "n\n", "src/app.js": "a\n", "src/lib/util.js": "u\n" };

async function listings(t: CheckContext, paths: string[]) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const cwd = await t.workspace(FILES);
  const turns = paths.map((p) => `  - content: [ { type: tool_use, name: list_dir, input: { path: ${JSON.stringify(p)} } } ]`);
  const { agent, simulator } = await scriptedAgent(lesson, ["turns:", ...turns, "  - content: [ { type: text, text: 'Listed.' } ]"].join("\n"), cwd);
  await agent.run("list things", new AbortController().signal);
  return paths.map((_, i) => toolResultsOf(simulator.requests[i + 1]!.body)[0]);
}

const checks = defineChecks([
  {
    name: "the agent offers list_dir, and it may run beside other reads (concurrencySafe)",
    async run(t) {
      const { fileTools } = await t.lesson<{ fileTools: Tool[] }>("src/files/file-tools.ts");
      const listDir = fileTools.find((tool) => tool.name === "list_dir");
      expect(listDir?.name, "fileTools in file-tools.ts should include a tool named list_dir").toBe("list_dir");
      expect(listDir?.concurrencySafe, "list_dir only reads: mark it concurrencySafe: true").toBe(true);
    },
  },
  {
    name: "list_dir lists the workspace and a subfolder, a / after each subfolder, sorted",
    async run(t) {
      const [top, sub] = await listings(t, [".", "src"]);
      expect(top, 'list_dir { path: "." } in a workspace with notes.md and src/').toMatchObject({ isError: false, content: "notes.md\nsrc/" });
      expect(sub, 'list_dir { path: "src" }').toMatchObject({ isError: false, content: "app.js\nlib/" });
    },
  },
  {
    name: "list_dir refuses a path outside the workspace, and a folder that does not exist",
    async run(t) {
      const [outside, missing] = await listings(t, ["../", "nowhere"]);
      expect(outside, 'list_dir { path: "../" } should be an error result, not the parent folder').toMatchObject({ isError: true });
      expect(missing, 'list_dir { path: "nowhere" } should be an error result').toMatchObject({ isError: true });
    },
  },
]);

export default checks;
