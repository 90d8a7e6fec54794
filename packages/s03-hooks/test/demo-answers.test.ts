/**
 * The s03 demo at a terminal (in acceptEdits, as `pnpm demo` runs it): the rm asks, and whatever the student answers, the scripted
 * model's last words tell the truth about it (the script picks its answer with `oneOf`).
 */
import { access } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadScript } from "@learn/core/simulator";
import { scriptedAgent, tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

async function runDemoAnswering(answer: string): Promise<string[]> {
  const script = await loadScript(lesson.demoScripts[0]!);
  const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir, { interactive: true, ask: async () => answer, flags: { ...lesson.demoFlags } });
  const answers: string[] = [];
  for (const prompt of script.prompt as string[]) answers.push(await agent.run(prompt, new AbortController().signal));
  expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
  expect(simulator.remaining()).toBe(0);
  return answers;
}

describe("s03 demo at a terminal", () => {
  it.each(["y", "a"])("answered %s: the rm ran, and the model says so", async (answer) => {
    const answers = await runDemoAnswering(answer);
    await expect(access(path.join(ws.dir, "hello.js"))).rejects.toThrow();
    expect(answers[1]).toMatch(/^Deleted: you allowed it, so hello\.js is gone\./);
  });

  it("answered n: nothing was deleted, and the model says so", async () => {
    const answers = await runDemoAnswering("n");
    await access(path.join(ws.dir, "hello.js"));
    expect(answers[1]).toMatch(/^Deleting needs your permission: .*so hello\.js is still there/);
  });
});
