/**
 * The s02 loop: the dispatch table and parallel batches, driven through the real SDK and the
 * simulator with fake tools that record when they started and ended. What ran together is
 * decided by order, not by a clock: a gated call waits until the test lets it end, and the
 * test lets calls end only once it has seen which others started, so a loaded machine that
 * starts calls late changes nothing.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, type Tool } from "@learn/core";
import { scriptedModel, scriptOf, toolResultsOf, type ScriptedToolCall as ToolCall } from "@learn/core/testing";
import { agentLoop, readFileTool } from "../src/index.ts";

/** A tool that answers at once. */
function quickTool(name: string, concurrencySafe: boolean): Tool {
  return defineTool({
    name,
    description: "Answer at once.",
    input: z.object({ label: z.string() }),
    concurrencySafe,
    run: async ({ label }) => `done ${label}`,
  });
}

/**
 * Tools whose calls log `start <label>`, wait until the test releases them, then log
 * `end <label>`. The log is the order things happened in; `started` waits for calls to begin.
 */
class Gates {
  readonly log: string[] = [];
  private readonly releases = new Map<string, () => void>();
  private readonly watchers: (() => void)[] = [];

  tool(name: string, concurrencySafe: boolean): Tool {
    return defineTool({
      name,
      description: "Wait to be released, then answer.",
      input: z.object({ label: z.string() }),
      concurrencySafe,
      run: async ({ label }) => {
        this.log.push(`start ${label}`);
        const released = new Promise<void>((resolve) => this.releases.set(label, resolve));
        for (const watch of this.watchers.splice(0)) watch();
        await released;
        this.log.push(`end ${label}`);
        return `done ${label}`;
      },
    });
  }

  /** Resolves once every one of `labels` has started (a call that never starts leaves the test to its time limit). */
  async started(...labels: string[]): Promise<void> {
    while (!labels.every((label) => this.releases.has(label))) await new Promise<void>((resolve) => this.watchers.push(resolve));
  }

  /** Let these calls end, one after another in this order, each fully before the next is released. */
  async release(...labels: string[]): Promise<void> {
    for (const label of labels) {
      this.releases.get(label)!();
      while (!this.log.includes(`end ${label}`)) await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

async function runLoop(tools: Tool[], calls: ToolCall[]) {
  const { model, simulator, renderer } = scriptedModel(scriptOf([calls]));
  const answer = await agentLoop({
    model,
    system: "You are a test.",
    messages: [{ role: "user", content: "go" }],
    cwd: process.cwd(),
    renderer,
    signal: new AbortController().signal,
    tools,
  });
  expect(simulator.requests.map((r) => r.status)).toEqual([200, 200]);
  return { answer, results: toolResultsOf(simulator.requests[1]!.body), body: simulator.requests[1]!.body };
}

const read = (label: string): ToolCall => ({ name: "slow_read", input: { label } });
const write = (label: string): ToolCall => ({ name: "slow_write", input: { label } });

describe("the s02 loop", () => {
  it("offers every tool of the table and answers each call from it", async () => {
    const { answer, results, body } = await runLoop([quickTool("slow_read", true), quickTool("slow_write", false)], [read("a"), write("b")]);
    expect(answer).toBe("Done.");
    expect((body as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual(["slow_read", "slow_write"]);
    expect(results.map((r) => r.content)).toEqual(["done a", "done b"]);
  });

  it("answers an unknown tool name with an error result, and goes on", async () => {
    // The simulator, like the API, refuses a scripted call to a tool the request did not offer,
    // so the model cannot name a missing tool here. A table whose key differs from the name the
    // model was offered reaches the same branch through the real SDK: the model calls
    // "read_file", and the table has no "read_file".
    const renamed: Tool = { ...readFileTool, name: "read_file_v0" };
    const { answer, results } = await runLoop([renamed, quickTool("slow_read", true)], [
      { name: "read_file", input: { path: "package.json" } },
      read("after"),
    ]);
    expect(answer).toBe("Done.");
    expect(results).toEqual([
      expect.objectContaining({ isError: true, content: 'Error: unknown tool "read_file" (this agent has: read_file_v0, slow_read)' }),
      expect.objectContaining({ isError: false, content: "done after" }),
    ]);
  });

  it("returns results in the model's order, even when later calls finish first", async () => {
    const gates = new Gates();
    const loop = runLoop([gates.tool("slow_read", true)], [read("a"), read("b"), read("c")]);
    await gates.started("a", "b", "c");
    await gates.release("c", "b", "a");
    const { results } = await loop;
    expect(gates.log.filter((e) => e.startsWith("end"))).toEqual(["end c", "end b", "end a"]); // the order they finished in
    expect(results.map((r) => r.content)).toEqual(["done a", "done b", "done c"]);
  });

  it("runs consecutive concurrency-safe calls at the same time", async () => {
    const gates = new Gates();
    const loop = runLoop([gates.tool("slow_read", true)], [read("a"), read("b"), read("c")]);
    // All three start while none has ended: run one by one, the first would wait here for ever.
    await gates.started("a", "b", "c");
    expect(gates.log).toEqual(["start a", "start b", "start c"]);
    await gates.release("a", "b", "c");
    await loop;
  });

  it("never runs an unsafe call alongside another call", async () => {
    const gates = new Gates();
    const tools = [gates.tool("slow_read", true), gates.tool("slow_write", false)];
    const loop = runLoop(tools, [read("r1"), read("r2"), write("w1"), read("r3"), write("w2"), write("w3")]);
    // Batches run in order: r1+r2, then w1, then r3, then w2, then w3. Each batch is let go only
    // once the test has seen it start, so anything that started alongside it is in the log.
    await gates.started("r1", "r2");
    await gates.release("r1", "r2");
    for (const label of ["w1", "r3", "w2", "w3"]) {
      await gates.started(label);
      await gates.release(label);
    }
    const { results } = await loop;
    expect(results.map((r) => r.content)).toEqual(["done r1", "done r2", "done w1", "done r3", "done w2", "done w3"]);
    expect(gates.log).toEqual([
      "start r1", "start r2", "end r1", "end r2", // the safe pair before w1 ran together
      "start w1", "end w1",
      "start r3", "end r3",
      "start w2", "end w2",
      "start w3", "end w3",
    ]);
  });
});
