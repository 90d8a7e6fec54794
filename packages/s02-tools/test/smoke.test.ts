/**
 * The s02 demo, end to end: the real SDK, the simulator, the real tools, in a fresh copy of
 * the practice workspace — the bug is really fixed and the sample project's tests really pass.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCommand } from "@learn/core/harness";
import { loadScript } from "@learn/core/simulator";
import { scriptedAgent, tempWorkspace, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { systemPrompt } from "../src/files/prompt.ts";

interface Body {
  messages: { role: string; content: string | { type: string; id?: string; tool_use_id?: string }[] }[];
  tools: { name: string }[];
  system: string;
}

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const shopTests = () => runCommand("node --test", { cwd: path.join(ws.dir, "shop"), timeoutMs: 60_000 });

describe("s02 demo", () => {
  it("finds the cart bug with glob + grep in one batch, fixes it with edit_file, and the tests pass", async () => {
    expect((await shopTests()).exitCode).not.toBe(0); // the sample project starts broken

    const script = await loadScript(lesson.demoScripts[0]!);
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir);
    const answer = await agent.run(script.prompt as string, new AbortController().signal);

    expect(answer).toContain("all 4 tests pass");
    expect(simulator.requests.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(simulator.remaining()).toBe(0);

    const cart = await readFile(path.join(ws.dir, "shop/src/cart.js"), "utf8");
    expect(cart).toContain("sum + lineTotal(line)");
    expect(cart).not.toContain("sum - lineTotal(line)");
    expect((await shopTests()).exitCode).toBe(0);

    const bodies = simulator.requests.map((r) => r.body as Body);
    expect(bodies[0]!.tools.map((t) => t.name)).toEqual(["bash", "read_file", "write_file", "edit_file", "glob", "grep"]);
    expect(bodies[0]!.system).toContain("read_file");

    // The request after the glob + grep response: both results, in one user message, in order.
    const asked = bodies[1]!.messages.at(-2)!.content as { type: string; id?: string }[];
    const useIds = asked.filter((b) => b.type === "tool_use").map((b) => b.id);
    const batch = toolResultsOf(bodies[1]);
    expect(batch.map((r) => r.id)).toEqual(useIds);
    expect(batch).toEqual([
      expect.objectContaining({ content: "shop/integration/checkout.js\nshop/src/cart.js\nshop/src/format.js\nshop/test/cart.test.js", isError: false }),
      expect.objectContaining({ content: "shop/src/cart.js:18: export function cartTotal(cart) {", isError: false }),
    ]);
    expect(toolResultsOf(bodies[3])[0]).toMatchObject({ content: "Replaced 1 occurrence in shop/src/cart.js", isError: false });
    expect(toolResultsOf(bodies[4])[0]).toMatchObject({ content: expect.stringContaining("fail 0"), isError: false });

    expect(renderer.ofKind("toolCall").map((e) => e.name)).toEqual(["glob", "grep", "read_file", "edit_file", "bash"]);
  });

  it("lists its tools and says to prefer the file tools", async () => {
    const { agent } = await scriptedAgent(lesson, "turns:\n  - content: [ { type: text, text: hi } ]\n", ws.dir);
    expect(agent.anatomy()).toEqual({
      mechanisms: ["bash", "files"],
      tools: ["bash", "read_file", "write_file", "edit_file", "glob", "grep"],
      hooks: [],
      promptSections: ["identity", "tool guidance", "style"],
      commands: [],
      grants: [],
    });
    const system = systemPrompt(ws.dir);
    expect(system).toContain(`working in ${ws.dir}`);
    expect(system).toContain("Prefer them to bash for files");
    expect(system).not.toContain("Use the bash tool to inspect and change files");
  });

  it("keeps the conversation valid when a turn is cancelled during a batch", async () => {
    const { agent, simulator } = await scriptedAgent(
      lesson,
      [
        "turns:",
        "  - content:",
        "      - { type: tool_use, name: glob, input: { pattern: 'shop/**/*.js' } }",
        "      - { type: tool_use, name: bash, input: { command: 'sleep 20' } }",
        "  - expect: { lastUserIncludes: 'Interrupted by the user' }",
        "    content: [ { type: text, text: 'Understood, I stopped.' } ]",
      ].join("\n"),
      ws.dir,
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    await expect(agent.run("look around", controller.signal)).rejects.toThrow();
    // The next prompt joins the interrupted turn's results: both calls were answered.
    expect(await agent.run("never mind", new AbortController().signal)).toBe("Understood, I stopped.");
    expect(toolResultsOf(simulator.requests.at(-1)!.body).map((r) => r.isError)).toEqual([false, true]);
  });
});
