/**
 * Benchmark: harness overhead per round. A 500-round scripted session with a no-op tool,
 * through the real SDK and the simulator. Per round we take the time from one model call to
 * the next and subtract the tool's own time and the simulator's (the model's side of the
 * wire: validating and answering the request stands in for the network and the model, and is
 * not harness time). Target: median under 2 ms. The simulator's share is shown too.
 * Run for s01's bare loop and for the core kernel (s03 on).
 *
 *   pnpm exec tsx scripts/bench/rounds.ts
 */
import { z } from "zod";
import { Kernel, Model, createClient, defineTool, type Renderer } from "@learn/core";
import { loadConfig, silentRenderer } from "@learn/core/harness";
import { Simulator, type Script } from "@learn/core/simulator";
import { agentLoop } from "@learn/s01";
import { median, ms } from "./lib.ts";

const ROUNDS = 500;

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

async function measure(label: string, run: (setup: ReturnType<typeof timedSetup>) => Promise<string>) {
  const setup = timedSetup();
  const started = performance.now();
  const answer = await run(setup);
  const total = performance.now() - started;
  if (answer !== "done") throw new Error(`${label}: unexpected answer ${answer}`);
  const rounds = setup.rounds();
  const harness = rounds.map((r) => r.all - r.sim);
  console.log(
    `  ${label.padEnd(12)} harness median ${ms(median(harness))}/round ` +
      `(first 50: ${ms(median(harness.slice(0, 50)))}, last 50: ${ms(median(harness.slice(-50)))}); ` +
      `simulator median ${ms(median(rounds.map((r) => r.sim)))}/round; total ${ms(total)} for ${rounds.length} rounds`,
  );
}

console.log(`Harness time per round, ${ROUNDS} rounds with a no-op tool (target: median under 2 ms)`);
const signal = new AbortController().signal;
await measure("s01 loop", ({ model, renderer }) =>
  agentLoop({ model, system: "bench", messages: [{ role: "user", content: "go" }], cwd: "/tmp", renderer, signal, tool: noop }),
);
await measure("core kernel", ({ model, renderer }) =>
  new Kernel({ model, system: "bench", tools: [noop], cwd: "/tmp", renderer }).run("go", signal),
);
