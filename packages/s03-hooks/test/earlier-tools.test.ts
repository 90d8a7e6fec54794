/**
 * The tools of lessons 1 and 2 say nothing about permissions; this lesson gives them their
 * meaning (earlier-tools.ts). And a tool that has no permission metadata at all is asked
 * about: it is taken to change things and to declare nothing a rule could approve.
 * Driven through the agent, the real SDK and the simulator, with no terminal (a question is a "no").
 */
import { access } from "node:fs/promises";
import path from "node:path";
import { agentFromMechanisms, defineTool, mutates, partsFrom, type Mechanism, type ToolCall } from "@learn/core";
import { scriptedAgent, scriptedModel, toolResultsOf, useTempWorkspace } from "@learn/core/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decide, lesson, mechanisms, type PermissionMode } from "../src/index.ts";
import { never, policyOf, WORKSPACE } from "./helpers.ts";

const ws = useTempWorkspace({ "notes.md": "hello\n" });
const exists = (name: string) => access(path.join(ws.dir, name)).then(() => true, () => false);

/** A tool of some later lesson that forgot to say what it means to the policy. */
let ran = 0;
const silent = defineTool({
  name: "launch",
  description: "Do something to the world.",
  input: z.object({}),
  run: () => {
    ran++;
    return "launched";
  },
});
const withSilent: Mechanism = { name: "silent tool", add: (parts) => ({ ...parts, tools: [...parts.tools, silent] }) };

describe("the tools of lessons 1 and 2, in lesson 3's agent", () => {
  it("each gets its meaning: what it changes, what rules look at, its Claude Code name", async () => {
    const { model, renderer } = scriptedModel(`turns:\n  - content: [ { type: text, text: unused } ]\n`);
    const parts = await partsFrom(mechanisms, { model, renderer, cwd: ws.dir, interactive: false, ask: async () => "n", flags: {} });
    const tools = new Map(parts.tools.map((t) => [t.name, t]));
    const meaning = (name: string, input: Record<string, unknown>) => {
      const tool = tools.get(name)!;
      return [mutates(tool), tool.permission?.subject?.(input), tool.permission?.claudeCode?.name];
    };
    expect(meaning("bash", { command: "npm test" })).toEqual([true, { commands: ["npm test"] }, "Bash"]);
    expect(meaning("read_file", { path: "a.md" })).toEqual([false, { reads: ["a.md"] }, "Read"]);
    expect(meaning("write_file", { path: "a.md", content: "" })).toEqual([true, { writes: ["a.md"] }, "Write"]);
    expect(meaning("edit_file", { path: "a.md", old_text: "a", new_text: "b" })).toEqual([true, { reads: ["a.md"], writes: ["a.md"] }, "Edit"]);
    expect(meaning("glob", { pattern: "*" })).toEqual([false, { reads: ["."] }, "Glob"]);
    expect(meaning("grep", { pattern: "x", path: "src" })).toEqual([false, { reads: ["src"] }, "Grep"]);
  });

  it("reads and searches run without a question; a write and a command are asked about", async () => {
    const script = JSON.stringify({
      turns: [
        {
          content: [
            { type: "tool_use", name: "read_file", input: { path: "notes.md" } },
            { type: "tool_use", name: "glob", input: { pattern: "*.md" } },
            { type: "tool_use", name: "grep", input: { pattern: "hello" } },
            { type: "tool_use", name: "write_file", input: { path: "made.md", content: "x" } },
            { type: "tool_use", name: "bash", input: { command: "touch made.txt" } },
          ],
        },
        { content: [{ type: "text", text: "Done." }] },
      ],
    });
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir);
    await agent.run("go", never());
    const results = toolResultsOf(simulator.requests[1]!.body);
    expect(results.map((r) => r.isError)).toEqual([false, false, false, true, true]);
    expect(results[3]!.content).toMatch(/default mode asks before write_file/);
    expect(results[4]!.content).toMatch(/default mode asks before bash/);
    expect([await exists("made.md"), await exists("made.txt")]).toEqual([false, false]);
  });
});

describe("a tool with no permission metadata is asked about (fail closed)", () => {
  const call: ToolCall = { id: "toolu_test", name: silent.name, input: {}, tool: silent };
  const judged = (mode: PermissionMode) => decide(call, policyOf({}, mode), WORKSPACE);

  it("core takes it to change things", () => {
    expect(silent.permission).toBeUndefined();
    expect(mutates(silent)).toBe(true);
  });

  it.each<[PermissionMode, string]>([
    ["default", "ask"],
    ["acceptEdits", "ask"], // it edits no file it names: nothing for acceptEdits to accept
    ["plan", "deny"],
  ])("in %s mode: %s", (mode, behavior) => {
    expect(judged(mode).behavior).toBe(behavior);
  });

  it("through the agent with no terminal: denied, and it never runs", async () => {
    const script = JSON.stringify({
      turns: [{ content: [{ type: "tool_use", name: "launch", input: {} }] }, { content: [{ type: "text", text: "Done." }] }],
    });
    const { agent, simulator } = await scriptedAgent({ createAgent: (o) => agentFromMechanisms([...mechanisms, withSilent], o) }, script, ws.dir);
    ran = 0;
    await agent.run("go", never());
    const [result] = toolResultsOf(simulator.requests[1]!.body);
    expect(result).toMatchObject({ isError: true, content: expect.stringMatching(/default mode asks before launch/) });
    expect(ran).toBe(0);
  });
});
