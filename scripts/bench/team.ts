/**
 * Benchmark: what a team costs the harness (s10). Teammates share one process and one event
 * loop, so every round of every teammate is work the same thread does. Measured through the
 * real lesson, the real SDK and the simulator: the lead spawns N teammates in one response,
 * each does ROUNDS rounds of a cheap tool (read_inbox on an empty box) and answers.
 *
 * Harness time per round = (wall time − time inside the simulator) / rounds, over the
 * teammates' window (from the first teammate request to the last teammate answer), all of them
 * together: with one thread, wall time is everyone's work one after another, so this is the
 * harness's own cost of a round (the simulator stands in for the network and the model). Target:
 * with 10 teammates at once, at most 2× the figure for one (medians). Peak memory: the process's
 * RSS and heap, sampled every 20 ms.
 *
 * One and ten run interleaved (1, 10, 1, 10 …), 7 times after a warm-up; each figure is printed
 * as min / median / max over the repetitions. The ratio swings a lot between runs (a garbage
 * collection or a busy moment lands in one window or the other), so its range over the paired
 * repetitions is printed beside the ratio of medians: quote the range, not one number.
 *
 *   pnpm bench team        (--quick: 2 repetitions)
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AGENT_HEADER, createClient, Model, runUntilIdle } from "@learn/core";
import { loadConfig, silentRenderer } from "@learn/core/harness";
import { Simulator, type Script } from "@learn/core/simulator";
import { lesson } from "@learn/s10";
import { compare, interleave, median, ratio, reps, spread } from "./lib.ts";
import { figure } from "./figures.ts";

const ROUNDS = 40; // within a work phase's budget of 50 model calls
const TARGET_RATIO = 2;
const REPEATS = reps(7, 2);

function script(teammates: number): Script {
  const names = Array.from({ length: teammates }, (_, i) => `mate-${i + 1}`);
  const spawn = names.map((name) => ({ type: "tool_use" as const, name: "spawn_teammate", input: { name, role: "bench", prompt: "Check your inbox." } }));
  const turns: Script["turns"] = [{ content: spawn }, { content: [{ type: "text", text: "spawned" }] }];
  for (const name of names) {
    for (let i = 0; i < ROUNDS; i++) turns.push({ agent: name, content: [{ type: "tool_use", name: "read_inbox", input: {} }] });
    turns.push({ agent: name, content: [{ type: "text", text: "done" }] });
  }
  return { turns };
}

async function run(teammates: number) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "learn-bench-s10-"));
  const simulator = new Simulator(script(teammates));
  let simMs = 0;
  let first = Infinity;
  let last = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const teammate = new Headers(init?.headers).get(AGENT_HEADER) !== "lead";
    const started = performance.now();
    try {
      return await simulator.fetch(input, init);
    } finally {
      const ended = performance.now();
      if (teammate) {
        simMs += ended - started;
        first = Math.min(first, started);
        last = Math.max(last, ended);
      }
    }
  };
  const config = loadConfig({}, { envFile: false, forceOffline: true });
  const model = new Model({ client: createClient(config, { fetch }), model: config.model, maxTokens: 8000, agent: "lead", renderer: silentRenderer });
  const agent = await lesson.createAgent({ model, cwd: dir, renderer: silentRenderer, interactive: false, ask: async () => "n", flags: {} });
  let peakRss = 0;
  let peakHeap = 0;
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  try {
    await runUntilIdle(agent, "go", new AbortController().signal, silentRenderer);
    const wall = last - first;
    if (simulator.remaining() !== 0) throw new Error(`${simulator.remaining()} scripted turns were not served`);
    const rounds = teammates * (ROUNDS + 1);
    return { wall, simMs, perRound: (wall - simMs) / rounds, peakRss, peakHeap };
  } finally {
    clearInterval(sample);
    await agent.close?.();
    await rm(dir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
await run(1); // warm-up: module loading, the JIT
const { one, ten } = await interleave(REPEATS, { one: () => run(1), ten: () => run(10) });
const perRound = (rs: { perRound: number }[]) => rs.map((r) => r.perRound);
console.log(`Harness time per round, ${ROUNDS} rounds a teammate (the teammates' wall time − their simulator time, all together), min / median / max of ${REPEATS} interleaved runs:`);
for (const [label, rs, key] of [[" 1 teammate: ", one, "one"], ["10 teammates:", ten, "ten"]] as const) {
  console.log(`  ${label} ${figure(`team.${key}`, spread(perRound(rs)))}  (wall ${spread(rs.map((r) => r.wall))}, simulator ${spread(rs.map((r) => r.simMs))})`);
}
const r = ratio(perRound(ten), perRound(one));
console.log(`  10 / 1: ${figure("team.ratio", compare(perRound(ten), perRound(one)))} — target ≤ ${TARGET_RATIO}× (medians): ${r <= TARGET_RATIO ? "met" : "NOT met"}`);
console.log(`Peak memory with 10 teammates: RSS ${figure("team.rss", spread(ten.map((t) => t.peakRss), mb))}, heap ${figure("team.heap", spread(ten.map((t) => t.peakHeap), mb))} (1 teammate: RSS ${mb(median(one.map((t) => t.peakRss)))}, heap ${mb(median(one.map((t) => t.peakHeap)))} median)`);
