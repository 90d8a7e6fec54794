/**
 * Benchmark: what background jobs buy (s09), with the real lesson, real processes and a scripted model.
 *
 * 1. background_run returns at once. The tool's own time, from the call to the result the model
 *    gets, for jobs of 0.1 s, 3 s and 60 s (each killed afterwards). Target: under 50 ms, whatever
 *    the job's length.
 * 2. Slow work beside other work. A 3 s job (`sleep 3`) started with background_run while the
 *    agent does 3 s of other tool work (three `bash sleep 1`), until the agent has read the job's
 *    result — against the same work done serially (`bash sleep 3`, then the three). Target: the
 *    background session within 3.5 s (serial: about 6 s).
 *
 *   pnpm exec tsx scripts/bench/background.ts
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { runUntilIdle, type AgentOptions } from "@learn/core";
import { silentRenderer } from "@learn/core/harness";
import { scriptedModel, testContext } from "@learn/core/testing";
import { backgroundFor, backgroundRunTool, lesson } from "@learn/s09";
import { median, ms } from "./lib.ts";

const RUNS = 10;
const SESSION_RUNS = 3;
const TARGET_RETURN_MS = 50;
const TARGET_SESSION_MS = 3_500;

const tmp = () => mkdtemp(path.join(os.tmpdir(), "learn-bench-s09-"));

async function returnTimes(jobSeconds: number): Promise<number[]> {
  const dir = await tmp();
  const { model } = scriptedModel("turns:\n  - content: [ { type: text, text: unused } ]\n"); // the tool alone is measured: no model call
  const options: AgentOptions = { model, cwd: dir, renderer: silentRenderer, interactive: false, ask: async () => "n", flags: {} };
  const background = backgroundFor(options);
  const tool = backgroundRunTool(background.jobs);
  const times: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const outcome = await tool.execute({ command: `sleep ${jobSeconds}` }, testContext(dir));
      times.push(performance.now() - started);
      if (outcome.isError) throw new Error(outcome.content);
    }
  } finally {
    await background.jobs.stopAll();
    await rm(dir, { recursive: true, force: true });
  }
  return times;
}

const use = (name: string, input: object) => ({ type: "tool_use", name, input });
const say = (text: string) => ({ type: "text", text });
const sleeps = [1, 2, 3].map(() => ({ content: [use("bash", { command: "sleep 1" })] }));

/** The session's wall time, from the prompt to the answer that read the job's result. */
async function session(background: boolean): Promise<number> {
  const dir = await tmp();
  const first = background ? use("background_run", { command: "sleep 3; echo the slow job is done" }) : use("bash", { command: "sleep 3; echo the slow job is done" });
  // A result that lands after the last round wakes the agent: a last turn for that case (unused otherwise).
  const turns = [{ content: [first] }, ...sleeps, { content: [say("done")] }, { content: [say("read it")] }];
  const { model } = scriptedModel(JSON.stringify({ turns }));
  const agent = await lesson.createAgent({ model, cwd: dir, renderer: silentRenderer, interactive: false, ask: async () => "n", flags: { "permission-mode": "bypassPermissions" } });
  try {
    const started = performance.now();
    await runUntilIdle(agent, "go", new AbortController().signal, silentRenderer);
    return performance.now() - started;
  } finally {
    await agent.close?.();
    await rm(dir, { recursive: true, force: true });
  }
}

console.log("1. background_run: the tool's time until the model has its result");
let worst = 0;
for (const seconds of [0.1, 3, 60]) {
  const times = await returnTimes(seconds);
  worst = Math.max(worst, ...times);
  console.log(`   a ${seconds}s job: median ${ms(median(times))}, max ${ms(Math.max(...times))} (${RUNS} runs)`);
}
console.log(`   target < ${TARGET_RETURN_MS} ms: ${worst < TARGET_RETURN_MS ? "met" : "NOT met"} (worst ${ms(worst)})`);

console.log("\n2. a 3 s job beside 3 s of other tool work, until its result is read");
const serial: number[] = [];
const parallel: number[] = [];
for (let i = 0; i < SESSION_RUNS; i++) {
  serial.push(await session(false));
  parallel.push(await session(true));
}
console.log(`   serial (bash): median ${ms(median(serial))}`);
console.log(`   background_run: median ${ms(median(parallel))}, max ${ms(Math.max(...parallel))} (${SESSION_RUNS} runs)`);
console.log(`   target ≤ ${TARGET_SESSION_MS} ms: ${Math.max(...parallel) <= TARGET_SESSION_MS ? "met" : "NOT met"}`);
