/**
 * The s03 demo at a terminal: the copy asks, and whatever the student answers, the scripted
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
  const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir, { interactive: true, ask: async () => answer });
  const answers: string[] = [];
  for (const prompt of script.prompt as string[]) answers.push(await agent.run(prompt, new AbortController().signal));
  expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
  expect(simulator.remaining()).toBe(0);
  return answers;
}

describe("s03 demo at a terminal", () => {
  it.each(["y", "a"])("answered %s: the copy ran, and the model says so", async (answer) => {
    const answers = await runDemoAnswering(answer);
    await access(path.join(ws.dir, "build/hello.js"));
    expect(answers[1]).toMatch(/^Copied: you allowed it, so build\/ now holds hello\.js\./);
  });

  it("answered n: nothing was copied, and the model says so", async () => {
    const answers = await runDemoAnswering("n");
    await expect(access(path.join(ws.dir, "build"))).rejects.toThrow();
    expect(answers[1]).toMatch(/^Copying needs your permission: .*so the copy never ran/);
  });
});
