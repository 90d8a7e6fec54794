/**
 * The s05 demo, end to end: the real SDK, the simulator, the real tools, the practice
 * workspace's settings.json and its test-scout agent file, in a fresh copy of the workspace.
 * What matters is what each agent was sent: the children's work never reaches the lead.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadScript, type RecordedRequest } from "@learn/core/simulator";
import { practiceRepoCopy, scriptedAgent, tempWorkspace, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { handBack, lesson } from "../src/index.ts";
import { previousAnatomy } from "./helpers.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

interface Body {
  model: string;
  system: string;
  messages: { role: string; content: unknown }[];
  tools?: { name: string }[];
}
const bodyOf = (r: RecordedRequest) => r.body as Body;
const toolsOf = (r: RecordedRequest) => (bodyOf(r).tools ?? []).map((t) => t.name);
const of = (requests: RecordedRequest[], agent: string) => requests.filter((r) => r.agent === agent);

describe("s05 demo", () => {
  it("a test-scout child explores; the lead's next request holds only its report", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir);
    expect(renderer.ofKind("error")).toEqual([]);
    const prompts = script.prompt as string[];
    const answer = await agent.run(prompts[0]!, new AbortController().signal);
    expect(answer).toMatch(/^The sample project uses Node's built-in test runner \(node:test/);

    const requests = simulator.requests;
    expect(requests.every((r) => r.status === 200)).toBe(true);
    expect(requests.map((r) => r.agent)).toEqual(["lead", "test-scout-1", "test-scout-1", "test-scout-1", "lead"]);

    // The lead is offered task; the child only its type's tools (Glob, Grep, Read → ours), never task.
    expect(toolsOf(requests[0]!)).toEqual([...(await previousAnatomy(ws.dir)).tools, "task"]);
    for (const r of of(requests, "test-scout-1")) expect(toolsOf(r)).toEqual(["read_file", "glob", "grep"]);
    // The child starts from nothing but the lead's prompt, under its agent file's system prompt,
    // on the model its `model: haiku` means: Claude Code's haiku id offline, as Claude Code sends it.
    const first = bodyOf(of(requests, "test-scout-1")[0]!);
    expect(first.messages).toEqual([{ role: "user", content: expect.stringContaining("Find out which test framework the sample project in shop/ uses") }]);
    expect(first.system).toContain("You find out how a project is tested.");
    expect(first.system).toContain("it will see nothing of your work but your final message");
    expect([first.model, bodyOf(requests[0]!).model]).toEqual(["claude-haiku-5-5", "offline-simulator"]);
    // The child really read the files (its tool results hold them)...
    expect(toolResultsOf(of(requests, "test-scout-1")[2]!.body).map((r) => r.content).join("\n")).toContain('import { test } from "node:test";');

    // ...and the lead's second request holds its prompt, its task call and the report: nothing else.
    const second = bodyOf(requests[4]!);
    expect(second.messages).toHaveLength(3);
    expect(toolResultsOf(second)).toEqual([
      {
        id: expect.any(String),
        isError: false,
        content: handBack(
          "test-scout-1",
          "Framework: Node's built-in test runner, node:test (shop/test/cart.test.js has `import { test } from \"node:test\";`, " +
            "with node:assert/strict). Command: `npm test` in shop/, which runs `node --test`. Test files: shop/test/cart.test.js (4 tests).",
        ),
      },
    ]);
    expect(JSON.stringify(second)).not.toContain("cartTotal(sampleCart())"); // a line of the test file the child read

    // On screen, the child's calls are its own, under the task call.
    expect(renderer.ofKind("child")).toEqual([{ kind: "child", label: "test-scout-1 · Find the test framework" }]);
    const child = renderer.childNamed("test-scout-1 · Find the test framework").teammateNamed("test-scout-1");
    expect(child.ofKind("toolCall").map((e) => e.name)).toEqual(["glob", "glob", "read_file", "read_file"]);
    expect(renderer.ofKind("toolCall").map((e) => e.name)).toEqual(["task"]);
  });

  it("two explorers in one response run as explore-1 and explore-2; the lead gets both reports, in order", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir);
    for (const prompt of script.prompt as string[]) await agent.run(prompt, new AbortController().signal);
    expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
    expect(simulator.remaining()).toBe(0);

    for (const name of ["explore-1", "explore-2"]) {
      const mine = of(simulator.requests, name);
      expect(mine).toHaveLength(3);
      for (const r of mine) expect(toolsOf(r)).toEqual(["bash", "read_file", "glob", "grep"]); // bash limited to read-only commands
    }
    const last = simulator.requests.at(-1)!;
    expect(last.agent).toBe("lead");
    // Each report framed under its own child's name, the first line of each as the child wrote it.
    expect(toolResultsOf(last.body).map((r) => r.content.split("\n").slice(1, 2).join().split(" ").slice(0, 5).join(" "))).toEqual([
      "  Prices are formatted",
      "  cartTotal in shop/src/cart.js",
    ]);
    expect(toolResultsOf(last.body).map((r) => r.content.split("\n").at(-1))).toEqual([
      "[End of the hand-back of subagent explore-1.]",
      "[End of the hand-back of subagent explore-2.]",
    ]);
  });

  it("in the practice workspace's own layout (the write ledger on), the explorers are still numbered in call order, twice over", async () => {
    // At a terminal the demo runs in the real practice workspace, where every tool call first
    // snapshots it for `pnpm reset`: the explorers must still be explore-1, explore-2, in order.
    const repo = await practiceRepoCopy();
    try {
      for (let round = 0; round < 2; round++) {
        const script = await loadScript(lesson.demoScripts[0]!);
        const { agent, simulator, renderer } = await scriptedAgent(lesson, script, repo.workspace);
        for (const prompt of script.prompt as string[]) await agent.run(prompt, new AbortController().signal);
        expect(renderer.ofKind("error")).toEqual([]);
        expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
        expect(simulator.remaining()).toBe(0);
        expect(of(simulator.requests, "explore-1")[0]!.body).toMatchObject({ messages: [{ content: expect.stringContaining("prices are formatted") }] });
      }
    } finally {
      await repo.cleanup();
    }
  });

  it("is the previous lesson's agent plus the task tool and the subagents section", async () => {
    const { agent } = await scriptedAgent(lesson, "turns: [ { content: [ { type: text, text: hi } ] } ]", ws.dir);
    const previous = await previousAnatomy(ws.dir);
    expect(agent.anatomy()).toEqual({
      mechanisms: [...previous.mechanisms!, "subagents"],
      tools: [...previous.tools, "task"],
      hooks: previous.hooks,
      promptSections: [...previous.promptSections, "subagents"],
      commands: [...previous.commands, "agents"],
      grants: [],
    });
    expect(previous.tools).toEqual(expect.arrayContaining(["bash", "read_file", "write_file", "edit_file", "glob", "grep"]));
    expect(previous.hooks[0]).toBe("permissions");
  });
});
