/**
 * Benchmark: what parallel batches buy. Four tool calls of 300 ms each go through the s02 loop
 * with a scripted model, once as concurrency-safe calls (one batch) and once as unsafe calls
 * (one by one). Run from the repo root: `pnpm exec tsx scripts/bench/batches.ts`.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { defineTool, type Tool } from "@learn/core";
import { scriptedModel, scriptOf } from "@learn/core/testing";
// By path: @learn/s02 is not (yet) a dependency of the scripts package.
import { agentLoop } from "@learn/s02";
import { median, ms } from "./lib.ts";

const CALL_MS = 300;
const CALLS = 4;
const RUNS = 5;
/** The safe batch should cost one call plus the loop's overhead, not four calls. */
const TARGET_SAFE_MS = 450;

function sleeper(concurrencySafe: boolean): Tool {
  return defineTool({
    name: concurrencySafe ? "sleep_safe" : "sleep_unsafe",
    description: "Sleep for ms milliseconds.",
    input: z.object({ ms: z.number() }),
    concurrencySafe,
    async run({ ms }) {
      await sleep(ms);
      return `slept ${ms} ms`;
    },
  });
}

/** Wall time of one prompt: two model calls and the four tool calls between them. */
async function timeOnce(concurrencySafe: boolean): Promise<number> {
  const tool = sleeper(concurrencySafe);
  const calls = Array.from({ length: CALLS }, () => ({ name: tool.name, input: { ms: CALL_MS } }));
  const { model, renderer } = scriptedModel(scriptOf([calls]));
  const started = performance.now();
  await agentLoop({
    model,
    system: "You are a benchmark.",
    messages: [{ role: "user", content: "go" }],
    cwd: process.cwd(),
    renderer,
    signal: new AbortController().signal,
    tools: [tool],
  });
  return performance.now() - started;
}

async function medianTime(concurrencySafe: boolean): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timeOnce(concurrencySafe));
  return median(times);
}

await timeOnce(true); // warm up: the first run pays for loading the SDK and the simulator
const safe = await medianTime(true);
const unsafe = await medianTime(false);

console.log(`${CALLS} tool calls of ${CALL_MS} ms through the s02 loop, scripted model, median of ${RUNS} runs:`);
console.log(`  concurrency-safe (one batch)   ${ms(safe).padStart(8)}`);
console.log(`  unsafe (one by one)            ${ms(unsafe).padStart(8)}`);
console.log(`  ratio                          ${(unsafe / safe).toFixed(2).padStart(6)}x`);
console.log(`  target: safe batch under ${TARGET_SAFE_MS} ms: ${safe < TARGET_SAFE_MS ? "met" : "MISSED"}`);
process.exitCode = safe < TARGET_SAFE_MS ? 0 : 1;
