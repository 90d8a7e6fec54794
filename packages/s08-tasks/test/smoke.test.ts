/**
 * The s08 demo, end to end: the real SDK, the simulator, the real tools, in a fresh copy of
 * the practice workspace. What matters: the plan is a graph on disk (three files, #3 waiting
 * for #1 and #2, both sides of each link recorded); #3 was blocked until both were completed,
 * and completing #2 said so; the work itself got done; and the task tools never needed a
 * question (they write only the board, so they are granted).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadScript, type Script } from "@learn/core/simulator";
import { scriptedAgent, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { never, resultsSent, taskFiles } from "./helpers.ts";

const ws = useTempWorkspace();

/** The demo's one prompt, on the lesson's agent, not interactive; every question it would ask is recorded (and refused). */
async function runDemo(dir: string) {
  const script = await loadScript(lesson.demoScripts[0]!);
  const asked: string[] = [];
  const scripted = await scriptedAgent(lesson, script, dir, {
    flags: { ...lesson.demoFlags }, // acceptEdits, as the demo runs
    ask: async (question) => {
      asked.push(question);
      return "n";
    },
  });
  const answer = await scripted.agent.run((script as Script & { prompt: string }).prompt, never());
  return { ...scripted, answer, asked };
}

describe("s08 demo", () => {
  it("plans three tasks on disk, works them in the order the graph allows, fixes the cart and adds a tested discount", async () => {
    const { simulator, renderer, answer, asked } = await runDemo(ws.dir);
    expect(renderer.ofKind("error")).toEqual([]);
    expect(simulator.remaining()).toBe(0);
    expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
    expect(answer).toMatch(/^Done, in the order the graph allowed: #1 fixed cartTotal/);

    // The board: three files that parse, all completed, the dependency on both sides.
    const files = await taskFiles(ws.dir);
    expect(Object.keys(files)).toEqual(["1.json", "2.json", "3.json"]);
    expect(Object.values(files).map((t) => [t.id, t.status])).toEqual([
      [1, "completed"],
      [2, "completed"],
      [3, "completed"],
    ]);
    expect(files["1.json"]!.subject).toBe("Fix cartTotal");
    expect(files["3.json"]!.blockedBy).toEqual([1, 2]);
    expect(files["1.json"]!.blocks).toEqual([3]);
    expect(files["2.json"]!.blocks).toEqual([3]);
    expect(files["1.json"]!.blockedBy).toEqual([]);
    expect(files["3.json"]!.blocks).toEqual([]);

    const results = resultsSent(simulator.requests);
    // Nothing was refused: no question, no error result.
    expect(asked).toEqual([]);
    expect(results.filter((r) => r.isError)).toEqual([]);

    // The first task_list: #1 and #2 ready, #3 blocked on both.
    const lists = results.filter((r) => r.content.startsWith("3 tasks in .tasks/"));
    expect(lists).toHaveLength(2);
    expect(lists[0]!.content).toBe(
      [
        "3 tasks in .tasks/: 2 ready, 1 blocked, 0 done",
        "Ready:",
        "  #1 Fix cartTotal  [pending]",
        "  #2 Add discounted(cents, percent)  [pending]",
        "Blocked:",
        "  #3 Test a discounted cart total  [pending]  ← #1 ← #2",
      ].join("\n"),
    );
    expect(lists[1]!.content).toMatch(/^3 tasks in \.tasks\/: 0 ready, 0 blocked, 3 done\n/);
    // Completing #1 freed nothing (#2 was still open); completing #2 made #3 ready.
    const updates = results.filter((r) => r.content.startsWith("Updated task #"));
    expect(updates.find((r) => r.content.startsWith("Updated task #1: Fix cartTotal [completed]"))!.content).not.toContain("now ready");
    expect(updates.map((r) => r.content)).toContain("Updated task #2: Add discounted(cents, percent) [completed]; now ready: #3");

    // The work: cart.js fixed, discount.js and its test written, the whole suite passes.
    expect(await readFile(path.join(ws.dir, "shop/src/cart.js"), "utf8")).toContain("sum + lineTotal(line)");
    expect(await readFile(path.join(ws.dir, "shop/src/discount.js"), "utf8")).toContain("export function discounted(cents, percent)");
    expect(await readFile(path.join(ws.dir, "shop/test/discount.test.js"), "utf8")).toContain('import { discounted } from "../src/discount.js";');
    const run = results.find((r) => /^ℹ tests \d+$/m.test(r.content))!;
    expect(run.content).toMatch(/^ℹ pass 6$/m);
    expect(run.content).toMatch(/^ℹ fail 0$/m);

    // The plan lived on the board: s04's reminder counted the task tools as planning, and said nothing.
    expect(simulator.requests.map((r) => JSON.stringify(r.body))).not.toContainEqual(expect.stringContaining("<reminder>"));
  });
});
