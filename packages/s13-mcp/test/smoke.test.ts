/**
 * The s13 demo, end to end: the real SDK, the simulator, and two real MCP servers started from
 * the prepared workspace's .mcp.json — the practice issue tracker and the reference "everything"
 * server from node_modules. Effects: the model was offered both servers' tools under their full
 * names; the read-only calls ran without a question (the sum, the tracker's list, an image as an
 * image block); create_issue asked and, with no one to say yes, was refused — issues.json is unchanged.
 */
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkConversation } from "@learn/core";
import { lessonWorkspace } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { loadScript } from "@learn/core/simulator";
import { lesson } from "../src/index.ts";
import { PRACTICE_ISSUES } from "../src/practice-servers.ts";
import { bodyOf, runAll, runDemo } from "./helpers.ts";

let ws: string;
beforeEach(async () => {
  ws = await lessonWorkspace(lesson, "s13-smoke");
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
});

describe("s13 demo: tools from two MCP servers", () => {
  it("lists and calls tools of both servers; the call that changes the tracker asks, and is refused with no terminal", async () => {
    const { simulator, renderer, turns, asked } = await runDemo(lesson, 0, ws);
    expect(renderer.ofKind("error")).toEqual([]);
    // enabledMcpjsonServers in .claude/settings.local.json is read here: s03's start-up notice does not call it unused.
    expect(renderer.ofKind("notice").map((n) => n.text).join("\n")).not.toContain("not used here");
    expect(simulator.remaining()).toBe(0);
    for (const r of simulator.requests) expect(checkConversation(bodyOf(r).messages)).toBeUndefined();
    expect(turns.at(-1)!.answer).toMatch(/^Two issues are open/);

    // Deferred: the first request names the MCP tools in the prompt and sends none of their schemas;
    // the search loads four (tool_reference blocks), and the next request carries exactly those.
    const names = (i: number) => bodyOf(simulator.requests[i]!).tools!.map((t) => t.name);
    expect(names(0).filter((n) => n.startsWith("mcp__"))).toEqual([]);
    expect(JSON.stringify(bodyOf(simulator.requests[0]!).system)).toContain("mcp__everything__echo");
    const blocks = JSON.parse(toolResultsOf(simulator.requests[1]!.body)[0]!.content) as { type: string; tool_name?: string }[];
    expect(blocks.filter((b) => b.type === "tool_reference").map((b) => b.tool_name)).toEqual(["mcp__issues__list_issues", "mcp__everything__get-sum", "mcp__everything__get-tiny-image", "mcp__issues__create_issue"]);
    expect(names(1).filter((n) => n.startsWith("mcp__")).sort()).toEqual(["mcp__everything__get-sum", "mcp__everything__get-tiny-image", "mcp__issues__create_issue", "mcp__issues__list_issues"]);

    const [first, second, third] = simulator.requests.slice(2).map((r) => toolResultsOf(r.body));
    expect(first!.map((r) => r.content)).toEqual(["#1 [open] cartTotal ignores quantities\n#2 [open] No tests for formatPrice", "The sum of 2 and 3 is 5."]);
    expect(second![0]!.content).toMatch(/"type":"image","source":\{"type":"base64","media_type":"image\/png"/);
    expect(third![0]).toMatchObject({ isError: true, content: expect.stringMatching(/^Denied: mcp__issues__create_issue needs permission/) });
    expect(asked).toEqual([]); // no terminal: refused without a question
    expect(JSON.parse(await readFile(path.join(ws, "issues.json"), "utf8"))).toEqual(PRACTICE_ISSUES);
  });

  it("at a terminal where the person says yes, the issue is filed and the demo's last words say so (either answer fits the script)", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    const asked: string[] = [];
    const { agent, renderer, simulator } = await scriptedAgent(lesson, script, ws, {
      interactive: true,
      flags: { ...lesson.demoFlags },
      ask: async (question) => (asked.push(question), "y"),
    });
    try {
      const turns = await runAll(agent, String(script.prompt), renderer);
      expect(renderer.ofKind("error")).toEqual([]);
      expect(simulator.remaining()).toBe(0);
      expect(asked).toEqual([expect.stringContaining("mcp__issues__create_issue")]);
      expect(turns.at(-1)!.answer).toContain("you gave it, and the issue is filed");
      const { issues } = JSON.parse(await readFile(path.join(ws, "issues.json"), "utf8")) as { issues: { title: string }[] };
      expect(issues.map((i) => i.title)).toEqual([...PRACTICE_ISSUES.issues.map((i) => i.title), "Test formatPrice"]);
    } finally {
      await agent.close?.();
    }
  });
});
