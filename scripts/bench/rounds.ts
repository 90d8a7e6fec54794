/**
 * Benchmark: harness overhead per round. A 500-round scripted session with a no-op tool,
 * through the real SDK and the simulator. Per round we take the time from one model call to
 * the next and subtract the tool's own time and the simulator's (the model's side of the
 * wire: validating and answering the request stands in for the network and the model, and is
 * not harness time). Each session's figure is the median over its rounds. s01's bare loop and
 * the core kernel (s03 on) run interleaved (s01, kernel, s01, kernel …), 7 sessions each after a
 * warm-up of each; printed: min / median / max over the sessions, and kernel / s01.
 * Target: the median under 2 ms. The simulator's share is shown too.
 *
 *   pnpm bench rounds        (--quick: 2 sessions of 100 rounds each)
 */
import { z } from "zod";
import { Kernel, Model, createClient, defineTool, type Renderer } from "@learn/core";
import { loadConfig, silentRenderer } from "@learn/core/harness";
import { Simulator, type Script } from "@learn/core/simulator";
import { agentLoop } from "@learn/s01";
import { compare, interleave, median, ms, QUICK, reps, spread } from "./lib.ts";
import { figure } from "./figures.ts";

const ROUNDS = QUICK ? 100 : 500;
const SESSIONS = reps(7, 2);

const noop = defineTool({ name: "bash", description: "Does nothing.", input: z.object({ command: z.string() }), run: () => "ok" });

function script(): Script {
  const turns: Script["turns"] = [];
  for (let i = 0; i < ROUNDS; i++) turns.push({ content: [{ type: "tool_use", name: "bash", input: { command: `step ${i}` } }] });
  turns.push({ content: [{ type: "text", text: "done" }] });
  return { turns };
}

/** A model on the simulator whose fetch, tool runs and model calls are timed. */
function timedSetup() {
  const simulator = new Simulator(script());
  const modelStarts: number[] = [];
  const toolTimes: number[] = [];
  const simTimes: number[] = [];
  let toolStart = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const started = performance.now();
    const response = await simulator.fetch(input, init);
    simTimes.push(performance.now() - started);
    return response;
  };
  const renderer: Renderer = {
    ...silentRenderer,
    modelStart: () => void modelStarts.push(performance.now()),
    toolCall: () => void (toolStart = performance.now()),
    toolResult: () => void toolTimes.push(performance.now() - toolStart),
  };
  const config = loadConfig({}, { envFile: false, forceOffline: true });
  const model = new Model({ client: createClient(config, { fetch }), model: config.model, maxTokens: 8000, agent: "lead", renderer });
  const rounds = () => modelStarts.slice(1).map((t, i) => ({ all: t - modelStarts[i]! - toolTimes[i]!, sim: simTimes[i]! }));
  return { model, renderer, rounds };
}

interface Session { harness: number; first50: number; last50: number; sim: number }

/** One session of ROUNDS rounds: the medians of its harness time and its simulator time per round. */
async function measure(label: string, run: (setup: ReturnType<typeof timedSetup>) => Promise<string>): Promise<Session> {
  const setup = timedSetup();
  const answer = await run(setup);
  if (answer !== "done") throw new Error(`${label}: unexpected answer ${answer}`);
  const rounds = setup.rounds();
  if (rounds.length !== ROUNDS) throw new Error(`${label}: ${rounds.length} rounds, not ${ROUNDS}`);
  const harness = rounds.map((r) => r.all - r.sim);
  return { harness: median(harness), first50: median(harness.slice(0, 50)), last50: median(harness.slice(-50)), sim: median(rounds.map((r) => r.sim)) };
}

const signal = new AbortController().signal;
const cases = {
  "s01 loop": () =>
    measure("s01 loop", ({ model, renderer }) =>
      agentLoop({ model, system: "bench", messages: [{ role: "user", content: "go" }], cwd: "/tmp", renderer, signal, tool: noop }),
    ),
  "core kernel": () =>
    measure("core kernel", ({ model, renderer }) => new Kernel({ model, system: "bench", tools: [noop], cwd: "/tmp", renderer }).run("go", signal)),
};
await cases["s01 loop"](); // warm-up of each: module loading, the JIT
await cases["core kernel"]();
const results = await interleave(SESSIONS, cases);

console.log(`Harness time per round, ${ROUNDS} rounds with a no-op tool, the simulator's share excluded: min / median / max over ${SESSIONS} interleaved sessions of each session's median (target: under 2 ms)`);
for (const [label, rs] of Object.entries(results)) {
  const of = (key: keyof Session) => spread(rs.map((r) => r[key]));
  console.log(`  ${label.padEnd(12)} ${figure(`rounds.${label.replaceAll(" ", "-")}`, of("harness"))}  (first 50 rounds ${of("first50")}; last 50 ${of("last50")}); simulator ${of("sim")}/round`);
}
const harness = (rs: Session[]) => rs.map((r) => r.harness);
console.log(`  core kernel / s01 loop: ${figure("rounds.ratio", compare(harness(results["core kernel"]), harness(results["s01 loop"])))}`);
const worst = Math.max(...Object.values(results).map((rs) => median(harness(rs))));
console.log(`  target: median under 2 ms: ${worst < 2 ? "met" : "MISSED"} (${ms(worst)})`);
if (worst >= 2) process.exitCode = 1;
