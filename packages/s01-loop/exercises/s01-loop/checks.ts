/**
 * s01-loop: the lesson's agent, with the student's loop in it, runs scripted sessions through
 * the real SDK and the simulator (which rejects a conversation that breaks the protocol).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { loadScript } from "@learn/core/simulator";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

type S01 = { lesson: Lesson };
const run = (agent: { run(prompt: string, signal: AbortSignal): Promise<string> }, prompt: string) => agent.run(prompt, new AbortController().signal);

export default defineChecks([
  {
    name: "the demo: the model writes hello.js with bash, runs it, and answers",
    async run(t) {
      const { lesson } = await t.lesson<S01>("src/index.ts");
      const cwd = await t.workspace();
      const script = await loadScript(lesson.demoScripts[0]!);
      const { agent, simulator, renderer } = await scriptedAgent(lesson, script, cwd);
      const answer = await run(agent, script.prompt as string);
      expect(await readFile(path.join(cwd, "hello.js"), "utf8").catch(() => "(no file)"), "after step 1 the bash command should have written hello.js").toContain("Hello Agent");
      expect(simulator.requests.length, "the model should be called 3 times: write, run, answer").toBe(3);
      expect(toolResultsOf(simulator.requests[2]!.body)[0]?.content, "step 3's request should carry the output of `node hello.js`").toBe("Hello Agent\n");
      expect(answer, "the loop should return the text of the last, tool-free answer").toBe("I created hello.js and ran it with node. It printed: Hello Agent");
      expect(renderer.ofKind("toolCall").length, "the person watching should see each of the 2 tool calls (options.renderer.toolCall)").toBe(2);
      expect(renderer.ofKind("toolResult").length, "…and each result (options.renderer.toolResult)").toBe(2);
    },
  },
  {
    name: "two tool calls in one answer: both run, both results in ONE user message, in order",
    async run(t) {
      const { lesson } = await t.lesson<S01>("src/index.ts");
      const cwd = await t.workspace({ "a.txt": "first\n", "b.txt": "second\n" });
      const { agent, simulator } = await scriptedAgent(
        lesson,
        [
          "turns:",
          "  - content:",
          "      - { type: tool_use, name: bash, input: { command: 'cat a.txt' } }",
          "      - { type: tool_use, name: bash, input: { command: 'cat b.txt' } }",
          "  - content: [ { type: text, text: 'Read both.' } ]",
        ].join("\n"),
        cwd,
      );
      expect(await run(agent, "read a.txt and b.txt"), "the answer after the round").toBe("Read both.");
      const second = simulator.requests[1];
      expect(second?.status, "the second request must be valid (every tool_use answered right after it)").toBe(200);
      expect(toolResultsOf(second!.body).map((r) => r.content), "the second request's last message should hold both results, in the model's order").toEqual(["first\n", "second\n"]);
    },
  },
  {
    name: "bad input or a failing command becomes an error result, and the loop goes on",
    async run(t) {
      const { lesson } = await t.lesson<S01>("src/index.ts");
      const cwd = await t.workspace({ ".keep": "" });
      const { agent, simulator } = await scriptedAgent(
        lesson,
        [
          "turns:",
          "  - content: [ { type: tool_use, name: bash, input: { cmd: 'ls' } } ]",
          "  - content: [ { type: tool_use, name: bash, input: { command: 'exit 3' } } ]",
          "  - content: [ { type: text, text: 'Done.' } ]",
        ].join("\n"),
        cwd,
      );
      expect(await run(agent, "try things"), "the answer after two failed calls").toBe("Done.");
      const [invalid] = toolResultsOf(simulator.requests[1]!.body);
      expect(invalid, "bash called with { cmd } instead of { command } should come back with is_error: true").toMatchObject({ isError: true });
      const [failed] = toolResultsOf(simulator.requests[2]!.body);
      expect(failed, "`exit 3` should come back as an error result that says the exit code").toMatchObject({ isError: true, content: expect.stringContaining("Exit code 3") });
    },
  },
  {
    name: "decide on the blocks, not on stop_reason: tool_use blocks under stop_reason end_turn still run",
    async run(t) {
      const { lesson } = await t.lesson<S01>("src/index.ts");
      const cwd = await t.workspace({ "a.txt": "first\n" });
      const { agent, simulator } = await scriptedAgent(
        lesson,
        [
          "turns:",
          "  - stop_reason: end_turn",
          "    content: [ { type: tool_use, name: bash, input: { command: 'cat a.txt' } } ]",
          "  - content: [ { type: text, text: 'Read it.' } ]",
        ].join("\n"),
        cwd,
      );
      expect(await run(agent, "read a.txt"), "an answer holding a tool_use block is a round to run, whatever its stop_reason says").toBe("Read it.");
      expect(toolResultsOf(simulator.requests[1]!.body).map((r) => r.content), "the second request should carry the tool's result").toEqual(["first\n"]);
    },
  },
  {
    name: "Ctrl-C during a tool: the round's result is kept, and the loop stops without calling the model again",
    async run(t) {
      const { lesson } = await t.lesson<S01>("src/index.ts");
      const cwd = await t.workspace({ ".keep": "" });
      const { agent, simulator, renderer } = await scriptedAgent(
        lesson,
        [
          "turns:",
          "  - content: [ { type: tool_use, name: bash, input: { command: 'sleep 30' } } ]",
          "  - content: [ { type: text, text: 'never sent' } ]",
        ].join("\n"),
        cwd,
      );
      const controller = new AbortController();
      let settled = false;
      const running = agent.run("wait", controller.signal).then(
        () => ((settled = true), "returned"),
        (err: unknown) => ((settled = true), err),
      );
      // Ctrl-C once the tool runs: not a timer, so the check does not depend on the machine's speed.
      while (renderer.ofKind("toolCall").length === 0) {
        // The loop ended before any tool ran: say how, at once.
        if (settled) throw (await running) === "returned" ? new Error("the loop answered without running the bash call the model asked for") : await running;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      controller.abort();
      expect(await running, "after Ctrl-C the loop should stop (throw), not return an answer").not.toBe("returned");
      expect(simulator.requests.length, "no model call after Ctrl-C: options.signal.throwIfAborted() after the round").toBe(1);
    },
  },
]);
