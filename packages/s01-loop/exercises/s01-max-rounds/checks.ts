/**
 * s01-max-rounds: the student's agentLoop, called with and without `maxRounds`, on a model that
 * asks for a tool every time.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import type { MessageParam, Model, Renderer } from "@learn/core";
import { scriptedModel } from "@learn/core/testing";

interface Loop {
  agentLoop(options: { model: Model; system: string; messages: MessageParam[]; cwd: string; renderer: Renderer; signal: AbortSignal; maxRounds?: number }): Promise<string>;
}

/** A model that calls bash in each of `rounds` turns, then answers. */
function toolHappyModel(rounds: number) {
  const turns = Array.from({ length: rounds }, (_, i) => `  - content: [ { type: tool_use, name: bash, input: { command: 'echo round ${i + 1}' } } ]`);
  return scriptedModel(["turns:", ...turns, "  - content: [ { type: text, text: 'Finally done.' } ]"].join("\n"));
}

export default defineChecks([
  {
    name: "with maxRounds: 2, the model is called twice, the user is told, and the loop returns",
    async run(t) {
      const { agentLoop } = await t.lesson<Loop>("src/loop.ts");
      const cwd = await t.workspace({ ".keep": "" });
      const { model, simulator, renderer } = toolHappyModel(5);
      const messages: MessageParam[] = [{ role: "user", content: "keep going" }];
      const answer = await agentLoop({ model, system: "test", messages, cwd, renderer, signal: new AbortController().signal, maxRounds: 2 });
      expect(simulator.requests.length, "model calls made with maxRounds: 2 (the model asked for a tool every time)").toBe(2);
      expect(typeof answer, "agentLoop should return a text when it stops at the budget").toBe("string");
      expect(renderer.ofKind("notice").length, "the user should get a notice (renderer.notice) saying the loop stopped").toBeGreaterThan(0);
      expect(messages.at(-1)?.role, "the conversation should end on the last round's tool results (a user message), still valid").toBe("user");
    },
  },
  {
    name: "without maxRounds the loop runs to the model's final answer, as before",
    async run(t) {
      const { agentLoop } = await t.lesson<Loop>("src/loop.ts");
      const cwd = await t.workspace({ ".keep": "" });
      const { model, simulator, renderer } = toolHappyModel(4);
      const answer = await agentLoop({ model, system: "test", messages: [{ role: "user", content: "go" }], cwd, renderer, signal: new AbortController().signal });
      expect(answer, "the answer after 4 rounds of tools").toBe("Finally done.");
      expect(simulator.requests.length, "model calls with no budget").toBe(5);
    },
  },
]);
