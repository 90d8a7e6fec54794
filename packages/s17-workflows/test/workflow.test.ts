/**
 * The workflow mechanism through the lesson's agent (the real SDK on the simulator, a prepared
 * workspace): bad input is a clear error and the session goes on; a session that ends mid-run
 * leaves the run stopped with its finished agents journaled, and the next session resumes it
 * without asking them again; the budget's tokens and wall time stop a run and say which.
 */
import { rm } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runUntilIdle } from "@learn/core";
import { commandPrompt, lessonWorkspace } from "@learn/core/harness";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { text, use } from "@learn/s09/testing";
import { lesson } from "../src/index.ts";
import { MAX_TOKENS_FLAG, TIMEOUT_FLAG } from "../src/workflows/index.ts";
import { RunFolder } from "../src/workflows/journal.ts";

let ws: string;
beforeEach(async () => {
  ws = await lessonWorkspace(lesson, "s17-workflow");
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
});

const META = "export const meta = { name: 'two-steps', description: 'Ask twice' }\n";
const TWO_STEPS = `${META}const a = await agent('first question')\nconst b = await agent('second question: ' + a)\nreturn { a, b }`;

/** Poll until `cond` holds (a limit, not a measure of speed). */
async function until(cond: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; !(await cond()); ) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function session(script: Script, flags: Record<string, string> = {}) {
  return scriptedAgent(lesson, script, ws, { flags: { ...lesson.demoFlags, ...flags } });
}

describe("the workflow tool's bad input", () => {
  it.each([
    [{}, "Must provide script, name, or scriptPath"],
    [{ script: "agent('x')" }, "`export const meta = { name, description, phases }` must be the FIRST statement"],
    [{ script: "export const meta = { name: NAME, description: 'd' }\nreturn 1" }, "meta must be a pure literal"],
    [{ script: "export const meta = { name: 'n' }\nreturn 1" }, "meta: "],
    [{ scriptPath: "../outside.js" }, "Denied: workflow needs permission"], // a read outside the workspace: the policy asks, and no one is there
    [{ scriptPath: "missing.js" }, "no workflow script at missing.js"],
    [{ name: "nothing-saved" }, "no workflow script at .claude/workflows/nothing-saved.js"],
    [{ script: TWO_STEPS, resumeFromRunId: "wf-9" }, "no workflow run wf-9"],
  ])("%j is refused with a message the model can act on, and the session goes on", async (input, message) => {
    const { agent, simulator, renderer } = await session({ prompt: "go", turns: [{ content: [use("workflow", input)] }, { content: [text("I see.")] }] });
    try {
      expect(await runUntilIdle(agent, "go", new AbortController().signal, renderer)).toBe("I see.");
    } finally {
      await agent.close?.();
    }
    const [result] = toolResultsOf(simulator.requests.at(-1)!.body);
    expect(result!.isError).toBe(true);
    expect(result!.content).toContain(message);
  });
});

describe("an interrupted run, resumed", () => {
  it("the session ends during agent 2: the run is stopped with agent 1 journaled; the next session's resume asks only agent 2", async () => {
    // Session 1: agent 2's answer is held until a third lead request that never comes: it is still working when the session ends.
    const first = await session({
      prompt: "go",
      turns: [
        { content: [use("workflow", { script: TWO_STEPS })] },
        { content: [text("Running.")] },
        { agent: "wf-1.agent-1", content: [text("one")] },
        { agent: "wf-1.agent-2", after: { agent: "lead", asked: 3 }, content: [text("never sent")] },
        { content: [text("never asked")] },
      ],
    });
    await first.agent.run("go", new AbortController().signal); // one turn: the run goes on in the background
    await until(async () => (await new RunFolder(ws, "wf-1").finished()).size === 1, "agent 1 journaled");
    await first.agent.close?.();
    const stopped = await new RunFolder(ws, "wf-1").readRecord();
    expect(stopped).toMatchObject({ status: "stopped", error: "the session ended" });
    expect([...(await new RunFolder(ws, "wf-1").finished()).values()].map((e) => e.result)).toEqual(["one"]);
    expect(first.renderer.ofKind("notice").map((n) => n.text)).toContain("Stopped workflow wf-1: the session ended. Its finished agents are journaled; resume it with resumeFromRunId.");

    // Session 2: the resume. Agent 1 is not asked again; agent 2 is, with agent 1's journaled answer in its prompt.
    const second = await session({
      prompt: "resume",
      turns: [
        { content: [use("workflow", { scriptPath: ".workflows/wf-1/script.js", resumeFromRunId: "wf-1" })] },
        { expect: { lastUserIncludes: "1 finished agent(s) come from its journal" }, content: [text("Resumed.")] },
        { agent: "wf-2.agent-2", expect: { lastUserIncludes: "second question: one" }, content: [text("two")] },
        { expect: { lastUserIncludes: "<status>completed</status>" }, content: [text("Done: one, two.")] },
      ],
    });
    let listed = "";
    try {
      await runUntilIdle(second.agent, "resume", new AbortController().signal, second.renderer);
      await until(() => second.simulator.remaining() === 0, "the resumed run reported");
      await until(async () => (await new RunFolder(ws, "wf-2").readRecord())?.status === "completed", "wf-2 on disk");
      const out = await commandPrompt(second.agent, "/workflows", second.renderer);
      listed = "output" in out ? out.output : "";
    } finally {
      await second.agent.close?.();
    }
    expect(second.simulator.requests.map((r) => r.agent)).not.toContain("wf-2.agent-1");
    expect(await new RunFolder(ws, "wf-2").readRecord()).toMatchObject({ status: "completed", agents: 1, cached: 1, result: { a: "one", b: "two" } });
    expect(listed).toMatch(/^wf-1 +stopped +two-steps {2}\d agents?, 0 from the journal/m);
    expect(listed).toMatch(/^wf-2 +completed +two-steps \(resumes wf-1\) {2}1 agent, 1 from the journal/m);
  });
});

describe("/workflows", () => {
  it("shows a run its session never finished (run.json still says running) as interrupted, with how to go on", async () => {
    const folder = await RunFolder.claim(ws);
    await folder.writeRecord({ id: folder.id, name: "crashed", description: "d", status: "running", agents: 1, cached: 0, tokens: 5 });
    const { agent, renderer } = await session({ prompt: "x", turns: [] });
    try {
      const out = await commandPrompt(agent, "/workflows", renderer);
      expect("output" in out && out.output).toBe("wf-1  stopped    crashed  1 agent, 0 from the journal, 5 tokens — interrupted: its session ended mid-run (resume it with resumeFromRunId)");
      const stop = await commandPrompt(agent, "/workflows stop wf-1", renderer);
      expect("output" in stop && stop.output).toBe("No running workflow wf-1.");
    } finally {
      await agent.close?.();
    }
  });
});

describe("the run's budget", () => {
  it("tokens: once the agents spent the budget, the next agent() stops the run and the notification says why and how to resume", async () => {
    const { agent, simulator, renderer } = await session(
      {
        prompt: "go",
        turns: [
          { content: [use("workflow", { script: TWO_STEPS })] },
          { content: [text("Running.")] },
          { agent: "wf-1.agent-1", content: [text("one")] },
          { expect: { lastUserIncludes: "<status>stopped</status>" }, content: [text("Stopped by its budget.")] },
        ],
      },
      { [MAX_TOKENS_FLAG]: "1" },
    );
    try {
      await runUntilIdle(agent, "go", new AbortController().signal, renderer);
      await until(() => simulator.remaining() === 0, "the stop reported");
    } finally {
      await agent.close?.();
    }
    const note = JSON.stringify(simulator.requests.at(-1)!.body);
    expect(note).toContain("its budget of 1 output tokens was spent");
    expect(note).toContain("workflow({scriptPath: '.workflows/wf-1/script.js', resumeFromRunId: 'wf-1'})");
    expect(simulator.requests.map((r) => r.agent)).not.toContain("wf-1.agent-2");
  });

  it("wall time: a script that never ends is stopped when its time is up", async () => {
    const endless = `${META}await parallel([])\nwhile (true) {}`;
    const { agent, simulator, renderer } = await session(
      {
        prompt: "go",
        turns: [
          { content: [use("workflow", { script: endless })] },
          { content: [text("Running.")] },
          { expect: { lastUserIncludes: "its wall-time budget of 300 ms ran out" }, content: [text("It ran out of time.")] },
        ],
      },
      { [TIMEOUT_FLAG]: "300" },
    );
    try {
      await runUntilIdle(agent, "go", new AbortController().signal, renderer);
      await until(() => simulator.remaining() === 0, "the stop reported");
    } finally {
      await agent.close?.();
    }
    expect(await new RunFolder(ws, "wf-1").readRecord()).toMatchObject({ status: "stopped", agents: 0 });
  });
});
