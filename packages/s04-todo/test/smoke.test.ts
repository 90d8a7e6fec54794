/**
 * The s04 demo, end to end: the real SDK, the simulator, the real tools and the practice
 * workspace's settings, in a fresh copy of the practice workspace.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MessageParam } from "@learn/core";
import { runCommand } from "@learn/core/harness";
import { loadScript } from "@learn/core/simulator";
import { scriptedAgent, tempWorkspace, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const REFACTORED = `// The warehouse's stock report: which items are running low, and one line per item.

const LOW_STOCK = 5;

export function lowStock(items) {
  return items.filter((item) => item.count < LOW_STOCK).map((item) => item.name);
}

export function stockReport(items) {
  return items.map((item) => \`\${item.name}: \${item.count}\${item.count < LOW_STOCK ? " (low)" : ""}\`).join("\\n");
}
`;

describe("s04 demo", () => {
  it("plans, works item by item, is reminded once, and leaves the file refactored with its tests passing", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir, { flags: { ...lesson.demoFlags } }); // as the demo runs: acceptEdits
    const answer = await agent.run(script.prompt as string, new AbortController().signal);

    expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
    expect(simulator.remaining()).toBe(0);
    expect(renderer.ofKind("error")).toEqual([]);
    expect(answer).toMatch(/^Done, all five steps\./);

    // The effect: the file is refactored, and its tests still pass.
    expect(await readFile(path.join(ws.dir, "inventory/stock.js"), "utf8")).toBe(REFACTORED);
    const tests = await runCommand("node --test inventory/stock.test.js", { cwd: ws.dir, timeoutMs: 60_000 });
    expect(tests.exitCode).toBe(0);

    // Every call was allowed: edits by acceptEdits, the tests by Bash(node --test *), todo_write by changing nothing.
    const results = simulator.requests.slice(1).flatMap((r) => toolResultsOf(r.body));
    expect(results.filter((r) => r.isError)).toEqual([]);
    expect(results[0]!.content).toBe(
      "The plan is now:\n[>] Run the tests to pin the current behaviour\n[ ] Name the low-stock limit\n" +
        "[ ] Rewrite lowStock with filter and map\n[ ] Rewrite stockReport with map\n[ ] Run the tests again\n(0/5 completed)",
    );
    expect(results.at(-1)!.content).toMatch(/^The plan is now:\n(\[x\] .*\n){5}\(5\/5 completed\)$/);

    // Exactly one reminder, in the request after the third round without todo_write,
    // as a text block after that round's tool_result.
    const lastUsers = simulator.requests.map((r) => (r.body as { messages: MessageParam[] }).messages.at(-1)!);
    const withReminder = lastUsers.flatMap((m, i) =>
      typeof m.content !== "string" && m.content.some((b) => b.type === "text" && b.text.startsWith("<reminder>")) ? [i] : [],
    );
    expect(withReminder).toEqual([5]);
    const blocks = lastUsers[5]!.content as { type: string; text?: string; content?: string }[];
    expect(blocks.map((b) => b.type)).toEqual(["tool_result", "text"]);
    expect(blocks[0]!.content).toContain("pass 3");
    expect(blocks[1]!.text).toBe(
      "<reminder>Your plan has not changed in 3 rounds of tool calls. It says:\n[x] Run the tests to pin the current behaviour\n" +
        "[>] Name the low-stock limit\n[ ] Rewrite lowStock with filter and map\n[ ] Rewrite stockReport with map\n[ ] Run the tests again\n(1/5 completed)\n" +
        "Mark finished items completed and the one you are on in_progress with todo_write; if the plan no longer fits, rewrite it.</reminder>",
    );

    // The screen said when it went, and why: the only sign of it a person watching gets.
    expect(renderer.ofKind("notice").map((n) => n.text)).toEqual([
      "Reminder sent to the model with this round's results: the plan has not changed in 3 rounds of tool calls.",
    ]);

    // The spinner followed the item in progress (none when the prompt came), cleared when all were done.
    expect(renderer.ofKind("status").map((e) => e.text)).toEqual([
      undefined, "Running the tests", "Naming the low-stock limit", "Rewriting lowStock", "Rewriting stockReport", "Running the tests again", undefined,
    ]);
    // The practice workspace's logging hook sees the tool under Claude Code's name.
    const log = await readFile(path.join(ws.dir, ".claude/tool-log.jsonl"), "utf8");
    expect(log.split("\n").filter((l) => l.includes('"tool_name":"TodoWrite"'))).toHaveLength(6);
  });

  it("lists what it is made of", async () => {
    const { agent } = await scriptedAgent(lesson, "turns: [ { content: [ { type: text, text: hi } ] } ]", ws.dir);
    expect(agent.anatomy()).toEqual({
      mechanisms: ["bash", "files", "settings", "permissions", "command hooks", "todo"],
      tools: ["bash", "read_file", "write_file", "edit_file", "glob", "grep", "todo_write"],
      hooks: [
        "permissions", "UserPromptSubmit command hooks", "PostToolUse command hooks", "Stop command hooks", "PreCompact command hooks", "PostCompact command hooks", "command hook round notes",
        "todo reminder reset", "todo reminder",
      ],
      promptSections: ["identity", "tool guidance", "style", "permissions", "planning"],
      commands: ["permissions", "todos"],
      grants: [],
    });
  });
});
