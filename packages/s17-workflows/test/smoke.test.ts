/**
 * The s17 demo, end to end: the real SDK, the simulator, the prepared workspace. Effects: run
 * wf-1 ran three agents (two at once, one asked twice for its schema) and stopped at its budget;
 * its journal holds three lines; run wf-2 took those three from it with no model call and ran
 * only the fixer, which fixed the cart for real; the lead read two <task-notification> blocks.
 */
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkConversation, runUntilIdle } from "@learn/core";
import { lessonWorkspace } from "@learn/core/harness";
import { loadScript } from "@learn/core/simulator";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { bodyOf, textOfMessage, lastMessage } from "@learn/s09/testing";
import { lesson } from "../src/index.ts";
import { RunFolder } from "../src/workflows/journal.ts";

let ws: string;
beforeEach(async () => {
  ws = await lessonWorkspace(lesson, "s17-smoke");
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
});

describe("s17 demo: a workflow stopped by its budget, then resumed", () => {
  it("runs four agents across two runs, the journal saving three, and fixes the cart", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws, { flags: { ...lesson.demoFlags } });
    let answer: string;
    try {
      answer = await runUntilIdle(agent, String(script.prompt), new AbortController().signal, renderer);
    } finally {
      await agent.close?.();
    }
    expect(renderer.ofKind("error")).toEqual([]);
    expect(simulator.remaining()).toBe(0);
    for (const r of simulator.requests) expect(checkConversation(bodyOf(r).messages)).toBeUndefined();
    expect(answer).toMatch(/^The workflow is done/);
    expect(await readFile(path.join(ws, "shop/src/cart.js"), "utf8")).toContain("sum + lineTotal(line)");

    // Who asked the model: the lead, the four agents of wf-1 (one of them twice), one of wf-2.
    const agents = [...new Set(simulator.requests.map((r) => r.agent))].sort();
    expect(agents).toEqual(["lead", "wf-1.agent-1", "wf-1.agent-2", "wf-1.agent-3", "wf-1.agent-3.retry", "wf-2.agent-4"]);
    const first = await new RunFolder(ws, "wf-1").readRecord();
    expect(first).toMatchObject({ status: "stopped", agents: 3, cached: 0, error: expect.stringMatching(/^its budget of 3 agents was spent/) });
    expect((await new RunFolder(ws, "wf-1").finished()).size).toBe(3);
    const second = await new RunFolder(ws, "wf-2").readRecord();
    expect(second).toMatchObject({ status: "completed", agents: 1, cached: 3, resumedFrom: "wf-1" });
    expect(second?.result).toMatchObject({ bugs: [{ file: "shop/src/cart.js" }], fixed: expect.stringContaining("4 pass, 0 fail") });
    expect((await new RunFolder(ws, "wf-2").finished()).size).toBe(4);

    // The tool answered at once; the results came as notifications, in Claude Code's frame.
    const results = simulator.requests.filter((r) => r.agent === "lead").flatMap((r) => toolResultsOf(r.body));
    expect(results.map((t) => t.content)).toEqual([expect.stringMatching(/^Started workflow wf-1 \("review-shop"\)/), expect.stringMatching(/^Started workflow wf-2 \("review-shop"\) in the background\. It resumes wf-1: 3 finished agent/)]);
    const notes = simulator.requests.filter((r) => r.agent === "lead").map((r) => textOfMessage(lastMessage(r))).filter((t) => t.includes("<task-id>"));
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain("<status>stopped</status>");
    expect(notes[0]).toContain("workflow({scriptPath: '.workflows/wf-1/script.js', resumeFromRunId: 'wf-1'})");
    expect(notes[1]).toContain("<status>completed</status>");
  });
});
