/**
 * The s01 demo, end to end: the real SDK, the simulator, the real bash tool, in a fresh
 * copy of the practice workspace.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadScript } from "@learn/core/simulator";
import { scriptedAgent, tempWorkspace, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

describe("s01 demo", () => {
  it("creates and runs hello.js, and stops on a text-only answer", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir);

    const answer = await agent.run(script.prompt as string, new AbortController().signal);

    expect(answer).toBe("I created hello.js and ran it with node. It printed: Hello Agent");
    expect(await readFile(path.join(ws.dir, "hello.js"), "utf8")).toBe('console.log("Hello Agent");\n');

    const bodies = simulator.requests.map((r) => r.body as { messages: unknown[]; tools: { name: string }[]; system: string });
    expect(bodies).toHaveLength(3);
    expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
    expect(bodies[0]!.tools.map((t) => t.name)).toEqual(["bash"]);
    expect(bodies[0]!.system).toContain(ws.dir);
    // The second request carries the first tool's result; the third the run's output.
    expect(toolResultsOf(bodies[1])).toEqual([expect.objectContaining({ content: expect.stringContaining("console.log"), isError: false })]);
    expect(toolResultsOf(bodies[2])).toEqual([expect.objectContaining({ content: "Hello Agent\n", isError: false })]);
    expect(bodies[2]!.messages).toHaveLength(5);
    // The loop stopped on the text-only answer: no fourth request, nothing left in the script.
    expect(simulator.remaining()).toBe(0);
    expect(renderer.ofKind("toolCall").map((e) => e.input)).toEqual([
      { command: expect.stringContaining("> hello.js") },
      { command: "node hello.js" },
    ]);
  });

  it("reports max_tokens to the user", async () => {
    const { agent, renderer } = await scriptedAgent(
      lesson,
      `turns:\n  - stop_reason: max_tokens\n    content: [ { type: text, text: "The answer is cut he" } ]\n`,
      ws.dir,
    );
    const answer = await agent.run("Explain everything.", new AbortController().signal);
    expect(answer).toBe("The answer is cut he");
    expect(renderer.ofKind("notice").map((e) => e.text)).toEqual([expect.stringContaining("max_tokens")]);
  });

  it("answers invalid tool input with an error result and goes on", async () => {
    const { agent, simulator } = await scriptedAgent(
      lesson,
      [
        "turns:",
        "  - content: [ { type: tool_use, name: bash, input: { cmd: 'ls' } } ]",
        "  - expect: { lastUserIncludes: 'Invalid input for bash' }",
        "    content: [ { type: text, text: 'I will fix my input.' } ]",
      ].join("\n"),
      ws.dir,
    );
    expect(await agent.run("list files", new AbortController().signal)).toBe("I will fix my input.");
    expect(toolResultsOf(simulator.requests[1]!.body)[0]).toMatchObject({ isError: true });
  });

  it("keeps the conversation valid when a turn is cancelled during a command", async () => {
    const { agent, simulator } = await scriptedAgent(
      lesson,
      [
        "turns:",
        "  - content: [ { type: tool_use, name: bash, input: { command: 'sleep 20' } } ]",
        "  - expect: { lastUserIncludes: 'Interrupted by the user' }",
        "    content: [ { type: text, text: 'Understood, I stopped.' } ]",
      ].join("\n"),
      ws.dir,
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    await expect(agent.run("wait a while", controller.signal)).rejects.toThrow();
    // The next prompt joins the interrupted turn's tool results: the protocol stays valid.
    expect(await agent.run("never mind", new AbortController().signal)).toBe("Understood, I stopped.");
    expect(simulator.requests.at(-1)!.status).toBe(200);
  });
});
