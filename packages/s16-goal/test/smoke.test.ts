/**
 * The s16 demos, end to end: the real SDK, the simulator, the prepared workspace. Effects: the
 * shop's cart is fixed for real (two edits), the tests ran three times, the evaluator was asked
 * three times with no tools and the verdict's schema, and its two reasons came back as the next
 * turns' prompts; the impossible goal stopped after one check, nothing changed.
 */
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkConversation } from "@learn/core";
import { lessonWorkspace } from "@learn/core/harness";
import { loadScript } from "@learn/core/simulator";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { agentRequests, bodyOf, evaluatorRequests, lastMessage, textOfMessage, typed } from "./helpers.ts";

let ws: string;
beforeEach(async () => {
  ws = await lessonWorkspace(lesson, "s16-smoke");
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
});

async function runDemoScript(index: number) {
  const script = await loadScript(lesson.demoScripts[index]!);
  const scripted = await scriptedAgent(lesson, script, ws, { flags: { ...lesson.demoFlags } });
  try {
    const answer = await typed(scripted.agent, String(script.prompt), scripted.renderer);
    return { ...scripted, answer };
  } finally {
    await scripted.agent.close?.();
  }
}

describe("s16 demo: a goal that needs three turns", () => {
  it("fixes the cart in two edits, is judged not met twice and met once, and leaves the tests passing", async () => {
    const { simulator, renderer, answer } = await runDemoScript(0);
    expect(renderer.ofKind("error")).toEqual([]);
    expect(simulator.remaining()).toBe(0);
    for (const r of simulator.requests) expect(checkConversation(bodyOf(r).messages)).toBeUndefined();
    expect(answer).toMatch(/^All 4 shop tests pass \(fail 0\)/);
    expect(await readFile(path.join(ws, "shop/src/cart.js"), "utf8")).toContain("sum + lineTotal(line)");

    const evaluations = evaluatorRequests(simulator.requests);
    expect(evaluations).toHaveLength(3);
    const tests = agentRequests(simulator.requests).flatMap((r) => toolResultsOf(r.body)).filter((t) => t.content.includes("ℹ tests 4"));
    expect(tests.map((t) => /ℹ fail (\d)/.exec(t.content)?.[1])).toEqual(["2", "2", "0"]);
    // Each "not met" became the next turn's prompt, in Claude Code's words.
    const prompts = agentRequests(simulator.requests).map((r) => textOfMessage(lastMessage(r))).filter((t) => t.startsWith("Stop hook feedback:"));
    expect(prompts).toEqual([
      'Stop hook feedback:\n[every test in shop/ passes: the transcript shows a run of the shop\'s tests with fail 0]: The last test run shows "fail 2"; the edit to cartTotal was never tested.',
      'Stop hook feedback:\n[every test in shop/ passes: the transcript shows a run of the shop\'s tests with fail 0]: The second fix was not tested: the last run still shows "fail 2" (649 instead of 799).',
    ]);
    const verdicts = renderer.ofKind("notice").map((n) => n.text).filter((t) => t.startsWith("Goal "));
    expect(verdicts).toEqual([
      expect.stringMatching(/^Goal not met: The last test run shows/),
      expect.stringMatching(/^Goal not met: The second fix was not tested/),
      'Goal met: The last run of the shop tests reports "pass 4" and "fail 0".',
    ]);
  });
});

describe("s16 demo: a goal judged impossible", () => {
  it("stops after one turn and one check; the test file is unchanged", async () => {
    const before = await readFile(path.join(ws, "shop/test/cart.test.js"), "utf8");
    const { simulator, renderer } = await runDemoScript(1);
    expect(renderer.ofKind("error")).toEqual([]);
    expect(simulator.remaining()).toBe(0);
    expect(evaluatorRequests(simulator.requests)).toHaveLength(1);
    expect(renderer.ofKind("notice").map((n) => n.text)).toContain('Goal judged impossible: The unchanged test asserts the receipt ends with "Total  $7.99"; it cannot also end with $8.00.');
    expect(await readFile(path.join(ws, "shop/test/cart.test.js"), "utf8")).toBe(before);
  });
});
