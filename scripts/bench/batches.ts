/**
 * Benchmark: what parallel batches buy (s02). Four tool calls of 300 ms each go through the s02
 * loop with a scripted model, as concurrency-safe calls (one batch) and as unsafe calls (one by
 * one). The two run interleaved (safe, unsafe, safe, unsafe …), 7 times after one warm-up run;
 * printed: each one's wall time, min / median / max, and unsafe / safe (the ratio of medians,
 * and the spread of the paired ratios). Target: the safe batch's median under 450 ms.
 *
 *   pnpm bench batches        (--quick: 2 repetitions)
 */
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { defineTool, type Tool } from "@learn/core";
import { scriptedModel, scriptOf } from "@learn/core/testing";
// By path: @learn/s02 is not (yet) a dependency of the scripts package.
import { agentLoop } from "@learn/s02";
import { compare, interleave, median, ms, reps, spread } from "./lib.ts";
import { figure } from "./figures.ts";

const CALL_MS = 300;
const CALLS = 4;
const RUNS = reps(7, 2);
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

await timeOnce(true); // warm up: the first run pays for loading the SDK and the simulator
const { safe, unsafe } = await interleave(RUNS, { safe: () => timeOnce(true), unsafe: () => timeOnce(false) });
const met = median(safe) < TARGET_SAFE_MS;

console.log(`${CALLS} tool calls of ${CALL_MS} ms through the s02 loop, scripted model, min / median / max of ${RUNS} interleaved runs:`);
console.log(`  concurrency-safe (one batch)   ${figure("batches.safe", spread(safe))}`);
console.log(`  unsafe (one by one)            ${figure("batches.unsafe", spread(unsafe))}`);
console.log(`  unsafe / safe                  ${figure("batches.ratio", compare(unsafe, safe))}`);
console.log(`  target: safe batch's median under ${TARGET_SAFE_MS} ms: ${met ? "met" : "MISSED"} (${ms(median(safe))})`);
process.exitCode = met ? 0 : 1;
