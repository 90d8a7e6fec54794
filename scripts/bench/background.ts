/**
 * Benchmark: what background jobs buy (s09), with the real lesson, real processes and a scripted model.
 *
 * 1. background_run returns at once. The tool's own time, from the call to the result the model
 *    gets, for jobs of 0.1 s, 3 s and 60 s (all killed at the end), interleaved (0.1, 3, 60,
 *    0.1, 3, 60 …) 10 times after a warm-up call; min / median / max for each. Target: every
 *    call under 50 ms, whatever the job's length. (Most of it is one Node `spawn()`.)
 * 2. Slow work beside other work. A 3 s job (`sleep 3`) started with background_run while the
 *    agent does 3 s of other tool work (three `bash sleep 1`), until the agent has read the job's
 *    result — against the same work done serially (`bash sleep 3`, then the three), interleaved
 *    (serial, background, serial, background …) 4 times; min / median / max of each and
 *    serial / background. Target: every background session within 3.5 s (serial: about 6 s).
 *
 *   pnpm bench background        (--quick: 3 calls of each job, 1 pair of sessions)
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { runUntilIdle } from "@learn/core";
import { silentRenderer } from "@learn/core/harness";
import { scriptedModel, testContext } from "@learn/core/testing";
import { backgroundRunTool, JobManager, lesson } from "@learn/s09";
import { compare, interleave, median, ms, reps, spread } from "./lib.ts";
import { figure } from "./figures.ts";

const RUNS = reps(10, 3);
const SESSION_RUNS = reps(4, 1);
const JOB_SECONDS = [0.1, 3, 60];
const TARGET_RETURN_MS = 50;
const TARGET_SESSION_MS = 3_500;

const tmp = () => mkdtemp(path.join(os.tmpdir(), "learn-bench-s09-"));

/** background_run's own time for each job length, the lengths interleaved; every job is stopped at the end. */
async function returnTimes(): Promise<number[][]> {
  const dir = await tmp();
  const jobs = new JobManager({ workspace: dir }); // the tool alone is measured: no agent, no model call
  const tool = backgroundRunTool(jobs);
  const once = async (jobSeconds: number) => {
    const started = performance.now();
    const outcome = await tool.execute({ command: `sleep ${jobSeconds}` }, testContext(dir));
    const elapsed = performance.now() - started;
    if (outcome.isError) throw new Error(outcome.content);
    return elapsed;
  };
  try {
    await once(0.1); // warm-up: the first spawn loads more than the later ones
    const byLength = await interleave(RUNS, Object.fromEntries(JOB_SECONDS.map((s) => [String(s), () => once(s)])));
    return JOB_SECONDS.map((s) => byLength[String(s)]!);
  } finally {
    await jobs.stopAll();
    await rm(dir, { recursive: true, force: true });
  }
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

console.log(`1. background_run: the tool's time until the model has its result, min / median / max of ${RUNS} interleaved calls`);
const returns = await returnTimes();
for (const [i, seconds] of JOB_SECONDS.entries()) console.log(`   a ${seconds} s job: ${figure(`background.return.${seconds}s`, spread(returns[i]!))}`);
const worst = Math.max(...returns.flat());
console.log(`   target < ${TARGET_RETURN_MS} ms on every call: ${worst < TARGET_RETURN_MS ? "met" : "NOT met"} (worst ${ms(worst)})`);

console.log(`\n2. a 3 s job beside 3 s of other tool work, until its result is read: min / median / max of ${SESSION_RUNS} interleaved runs`);
const { serial, parallel } = await interleave(SESSION_RUNS, { serial: () => session(false), parallel: () => session(true) });
console.log(`   serial (bash):    ${figure("background.session.serial", spread(serial))}`);
console.log(`   background_run:   ${figure("background.session.background", spread(parallel))}`);
console.log(`   serial / background: ${figure("background.session.ratio", compare(serial, parallel))} (median ${ms(median(parallel))} against ${ms(median(serial))})`);
console.log(`   target ≤ ${TARGET_SESSION_MS} ms on every run: ${Math.max(...parallel) <= TARGET_SESSION_MS ? "met" : "NOT met"}`);
