/**
 * The s02 loop: the dispatch table and parallel batches, driven through the real SDK and the
 * simulator with slow fake tools that record when they ran.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, type Tool } from "@learn/core";
import { scriptedModel, scriptOf, toolResultsOf, type ScriptedToolCall as ToolCall } from "@learn/core/testing";
import { agentLoop, readFileTool } from "../src/index.ts";

interface Span {
  label: string;
  start: number;
  end: number;
}

/** A tool that sleeps `ms` and records when it started and ended. */
function sleepyTool(name: string, concurrencySafe: boolean, spans: Span[]): Tool {
  return defineTool({
    name,
    description: "Sleep, then answer.",
    input: z.object({ label: z.string(), ms: z.number() }),
    concurrencySafe,
    async run({ label, ms }) {
      const start = performance.now();
      await sleep(ms);
      spans.push({ label, start, end: performance.now() });
      return `done ${label}`;
    },
  });
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

const read = (label: string, ms: number): ToolCall => ({ name: "slow_read", input: { label, ms } });
const write = (label: string, ms: number): ToolCall => ({ name: "slow_write", input: { label, ms } });
const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

describe("the s02 loop", () => {
  it("offers every tool of the table and answers each call from it", async () => {
    const spans: Span[] = [];
    const { answer, results, body } = await runLoop([sleepyTool("slow_read", true, spans), sleepyTool("slow_write", false, spans)], [
      read("a", 1),
      write("b", 1),
    ]);
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
    const spans: Span[] = [];
    const { answer, results } = await runLoop([renamed, sleepyTool("slow_read", true, spans)], [
      { name: "read_file", input: { path: "package.json" } },
      read("after", 1),
    ]);
    expect(answer).toBe("Done.");
    expect(results).toEqual([
      expect.objectContaining({ isError: true, content: 'Error: unknown tool "read_file" (this agent has: read_file_v0, slow_read)' }),
      expect.objectContaining({ isError: false, content: "done after" }),
    ]);
  });

  it("returns results in the model's order, even when later calls finish first", async () => {
    const spans: Span[] = [];
    const { results } = await runLoop([sleepyTool("slow_read", true, spans)], [read("a", 150), read("b", 80), read("c", 10)]);
    expect(spans.map((s) => s.label)).toEqual(["c", "b", "a"]); // the order they finished in
    expect(results.map((r) => r.content)).toEqual(["done a", "done b", "done c"]);
  });

  it("runs consecutive concurrency-safe calls at the same time", async () => {
    const spans: Span[] = [];
    await runLoop([sleepyTool("slow_read", true, spans)], [read("a", 100), read("b", 100), read("c", 100)]);
    const latestStart = Math.max(...spans.map((s) => s.start));
    const earliestEnd = Math.min(...spans.map((s) => s.end));
    expect(latestStart).toBeLessThan(earliestEnd); // all three were running at one moment
  });

  it("never runs an unsafe call alongside another call", async () => {
    const spans: Span[] = [];
    const tools = [sleepyTool("slow_read", true, spans), sleepyTool("slow_write", false, spans)];
    const { results } = await runLoop(tools, [read("r1", 60), read("r2", 60), write("w1", 40), read("r3", 40), write("w2", 40), write("w3", 40)]);
    expect(results.map((r) => r.content)).toEqual(["done r1", "done r2", "done w1", "done r3", "done w2", "done w3"]);
    const byLabel = Object.fromEntries(spans.map((s) => [s.label, s]));
    for (const unsafe of ["w1", "w2", "w3"]) {
      for (const other of spans.filter((s) => s.label !== unsafe)) {
        expect(overlaps(byLabel[unsafe]!, other), `${unsafe} overlapped ${other.label}`).toBe(false);
      }
    }
    expect(overlaps(byLabel.r1!, byLabel.r2!)).toBe(true); // the safe pair before w1 still ran together
    // Batches run in order: r1+r2, then w1, then r3, then w2, then w3.
    expect(byLabel.w1!.start).toBeGreaterThanOrEqual(Math.max(byLabel.r1!.end, byLabel.r2!.end));
    expect(byLabel.r3!.start).toBeGreaterThanOrEqual(byLabel.w1!.end);
    expect(byLabel.w3!.start).toBeGreaterThanOrEqual(byLabel.w2!.end);
  });
});
