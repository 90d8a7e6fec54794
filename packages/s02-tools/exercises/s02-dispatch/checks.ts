/**
 * s02-dispatch: the lesson's demo with the student's loop in the agent, then the loop alone with
 * tools that log when they start and end — what ran together is read from the order of the log,
 * not from a clock.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { z } from "zod";
import { defineChecks, type CheckContext } from "@learn/exercises";
import { defineTool, type MessageParam, type Model, type Renderer, type Tool } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import { loadScript } from "@learn/core/simulator";
import { scriptedAgent, scriptedModel, toolResultsOf } from "@learn/core/testing";

interface S02 {
  lesson: Lesson;
  readFileTool: Tool;
}
interface Loop {
  agentLoop(options: { model: Model; system: string; messages: MessageParam[]; cwd: string; renderer: Renderer; signal: AbortSignal; tools: Tool[] }): Promise<string>;
}

/** A tool that logs `start <label>`, lets other work run for a few turns of the event loop, then logs `end <label>`. */
function loggingTool(name: string, concurrencySafe: boolean, log: string[]): Tool {
  return defineTool({
    name,
    description: "Log start and end.",
    input: z.object({ label: z.string() }),
    concurrencySafe,
    run: async ({ label }) => {
      log.push(`start ${label}`);
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      log.push(`end ${label}`);
      return `done ${label}`;
    },
  });
}

async function runLoop(t: CheckContext, tools: Tool[], calls: { name: string; label?: string; input?: object }[]) {
  const { agentLoop } = await t.lesson<Loop>("src/loop.ts");
  const uses = calls.map((c) => `      - { type: tool_use, name: ${c.name}, input: ${JSON.stringify(c.input ?? { label: c.label })} }`);
  const { model, simulator, renderer } = scriptedModel(["turns:", "  - content:", ...uses, "  - content: [ { type: text, text: 'Done.' } ]"].join("\n"));
  const cwd = await t.workspace({ "a.txt": "a\n" });
  const answer = await agentLoop({ model, system: "test", messages: [{ role: "user", content: "go" }], cwd, renderer, signal: new AbortController().signal, tools });
  return { answer, results: toolResultsOf(simulator.requests[1]?.body ?? {}), status: simulator.requests[1]?.status };
}

export default defineChecks([
  {
    name: "the demo: glob + grep in one batch, read, edit, test — the cart bug is fixed",
    async run(t) {
      const { lesson } = await t.lesson<S02>("src/index.ts");
      const cwd = await t.workspace();
      const script = await loadScript(lesson.demoScripts[0]!);
      const { agent, simulator } = await scriptedAgent(lesson, script, cwd);
      const answer = await agent.run(script.prompt as string, new AbortController().signal);
      expect(simulator.requests.map((r) => r.status), "every request valid (200), five model calls").toEqual([200, 200, 200, 200, 200]);
      expect(toolResultsOf(simulator.requests[1]!.body).length, "step 2's request should hold both results of the glob + grep batch").toBe(2);
      expect(await readFile(path.join(cwd, "shop/src/cart.js"), "utf8"), "step 3's edit_file should have fixed cart.js").toContain("sum + lineTotal(line)");
      expect(answer, "the final answer").toContain("all 4 tests pass");
    },
  },
  {
    name: "concurrency-safe calls run together; a call that is not safe runs alone; results keep the model's order",
    async run(t) {
      const log: string[] = [];
      const tools = [loggingTool("look", true, log), loggingTool("change", false, log)];
      const { results } = await runLoop(t, tools, [
        { name: "look", label: "a" },
        { name: "look", label: "b" },
        { name: "change", label: "c" },
        { name: "look", label: "d" },
      ]);
      expect(log.slice(0, 2), "the two `look` calls in a row (concurrencySafe) should both start before either ends").toEqual(["start a", "start b"]);
      expect(log.slice(4), "the `change` call (not safe) should run alone, after the batch before it and before the call after it").toEqual(["start c", "end c", "start d", "end d"]);
      expect(results.map((r) => r.content), "the results in the next request, in the order the model asked").toEqual(["done a", "done b", "done c", "done d"]);
    },
  },
  {
    name: "decide on the blocks, not on stop_reason: tool_use blocks under stop_reason end_turn still run",
    async run(t) {
      const { agentLoop } = await t.lesson<Loop>("src/loop.ts");
      const { readFileTool } = await t.lesson<S02>("src/index.ts");
      const { model, simulator, renderer } = scriptedModel(
        ["turns:", "  - stop_reason: end_turn", "    content: [ { type: tool_use, name: read_file, input: { path: a.txt } } ]", "  - content: [ { type: text, text: 'Read it.' } ]"].join("\n"),
      );
      const cwd = await t.workspace({ "a.txt": "first\n" });
      const signal = new AbortController().signal;
      const answer = await agentLoop({ model, system: "test", messages: [{ role: "user", content: "read a.txt" }], cwd, renderer, signal, tools: [readFileTool] });
      expect(answer, "an answer holding a tool_use block is a round to run, whatever its stop_reason says").toBe("Read it.");
      expect(toolResultsOf(simulator.requests[1]?.body ?? {}).length, "the second request should carry read_file's result").toBe(1);
    },
  },
  {
    name: "a tool name that is not in the table gets an error result, and the loop goes on",
    async run(t) {
      const { readFileTool } = await t.lesson<S02>("src/index.ts");
      // The simulator, like the API, refuses a call to a tool that was not offered; a table whose
      // key differs from the offered name reaches the same branch: the model calls read_file,
      // and the table has only read_file_v0.
      const renamed: Tool = { ...readFileTool, name: "read_file_v0" };
      const { answer, results, status } = await runLoop(t, [renamed], [{ name: "read_file", input: { path: "a.txt" } }]);
      expect(status, "the request after the unknown call must still be valid").toBe(200);
      expect(results[0], "the result for read_file (not in the table)").toMatchObject({ isError: true, content: expect.stringContaining("read_file_v0") });
      expect(answer, "the answer after it").toBe("Done.");
    },
  },
]);
