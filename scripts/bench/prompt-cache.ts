/**
 * Benchmark: what lesson 6's prompt layout buys with the API's prompt cache, and what it costs.
 *
 * 1. The s06 demo (demo/knowledge.yaml) and a scripted 30-round session (reads, searches, test
 *    runs on a small project), each run through the real lesson and the simulator, which
 *    accounts for the cache by the API's rules (prefix up to a breakpoint, 20-block lookback,
 *    1,024-token minimum). Reported: the share of input tokens read from the cache, from the
 *    third request on. Target: at least 80 %. Counted by the simulator, not timed: one run of
 *    each (a count can move by a few tokens between runs, with what the prompt holds that day; the
 *    share does not).
 * 2. The assembly's cost per model call when nothing changed (the key check only): 30 batches of
 *    1,000 calls, the first 5 left out (they warm the JIT up); each batch's mean per call,
 *    printed as min / median / max over the 25 batches. Target: median at most 0.1 ms.
 *
 *   pnpm bench prompt-cache        (--quick: 8 batches, 3 of them counted)
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { partsFrom, sectionsFor, type AgentOptions, type Usage } from "@learn/core";
import { copyPracticeWorkspace, MemoryTracer, silentRenderer } from "@learn/core/harness";
import type { Script, ScriptBlock } from "@learn/core/simulator";
import { scriptedModel, testContext } from "@learn/core/testing";
import { lesson, mechanisms } from "@learn/s06";
import { parse as parseYaml } from "yaml";
import { median, reps, spread, us } from "./lib.ts";
import { figure } from "./figures.ts";

const TARGET_SHARE = 0.8;
const TARGET_ASSEMBLY_MS = 0.1;
const ROUNDS = 30;

interface Figures { requests: number; total: number; read: number; written: number; perRequest: number[] }

/** Input tokens and the cache's part, over the requests from the third on. */
function figuresOf(usages: Usage[]): Figures {
  const later = usages.slice(2);
  const total = (u: Usage) => u.input_tokens + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0);
  return {
    requests: usages.length,
    total: later.reduce((sum, u) => sum + total(u), 0),
    read: later.reduce((sum, u) => sum + (u.cache_read_input_tokens ?? 0), 0),
    written: later.reduce((sum, u) => sum + (u.cache_creation_input_tokens ?? 0), 0),
    perRequest: usages.map((u) => (u.cache_read_input_tokens ?? 0) / total(u)),
  };
}

/** Run `prompts` through the real s06 agent on `cwd`; the usage of every response, in order. */
async function usagesOf(script: Script | string, prompts: string[], cwd: string, flags: Record<string, string> = {}): Promise<Usage[]> {
  const tracer = new MemoryTracer();
  const { model } = scriptedModel(script, { tracer, renderer: silentRenderer });
  const options: AgentOptions = { model, cwd, renderer: silentRenderer, interactive: false, ask: async () => "n", flags };
  const agent = await lesson.createAgent(options);
  for (const prompt of prompts) await agent.run(prompt, new AbortController().signal);
  await agent.close?.();
  return tracer.entries.filter((e) => e.type === "response").map((e) => (e.body as { usage: Usage }).usage);
}

async function demoFigures(): Promise<Figures> {
  const file = new URL("../../packages/s06-skills/demo/knowledge.yaml", import.meta.url);
  const text = await readFile(file, "utf8");
  const prompts = (parseYaml(text) as { prompt: string[] }).prompt;
  const cwd = await copyPracticeWorkspace("bench");
  try {
    // With the demo's own flags (acceptEdits: the demo writes a test file), as `pnpm --filter s06 demo` runs it.
    return figuresOf(await usagesOf(text, prompts, cwd, { ...lesson.demoFlags }));
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

/** A small project: 12 modules of 1–3 KB and a test file. */
async function project(): Promise<string> {
  const cwd = await mkdtemp(path.join(os.tmpdir(), "learn-bench-s06-"));
  for (let i = 1; i <= 12; i++) {
    const body = Array.from({ length: 8 + (i % 3) * 8 }, (_, j) => `export function rule${i}_${j}(order) {\n  // Rule ${j} of stage ${i}.\n  return order.total > ${j * 100} ? "${"review".padEnd(6 + (j % 5), "!")}" : "ok";\n}\n`);
    await mkdir(path.join(cwd, "src"), { recursive: true });
    await writeFile(path.join(cwd, "src", `stage${i}.js`), `/** Stage ${i} of the order checks. */\n${body.join("\n")}`);
  }
  await writeFile(path.join(cwd, "package.json"), JSON.stringify({ name: "orders", type: "module", scripts: { test: "node --test" } }));
  return cwd;
}

/** 30 rounds: reads, searches and test runs, one or two calls a round, then a final answer. */
function sessionScript(): Script {
  const call = (name: string, input: Record<string, unknown>): ScriptBlock => ({ type: "tool_use", name, input });
  const turns: Script["turns"] = [];
  for (let round = 1; round < ROUNDS; round++) {
    const i = (round % 12) + 1;
    const content: ScriptBlock[] =
      round % 5 === 0
        ? [call("bash", { command: `node -e "console.log(${round})"` })]
        : round % 3 === 0
          ? [call("grep", { pattern: `rule${i}_1`, path: "src" }), call("glob", { pattern: "src/*.js" })]
          : [{ type: "text", text: `Reading stage ${i}.` }, call("read_file", { path: `src/stage${i}.js` })];
    turns.push({ content });
  }
  turns.push({ content: [{ type: "text", text: "Done: every stage checks the order total against its thresholds." }] });
  return { turns };
}

async function sessionFigures(): Promise<Figures> {
  const cwd = await project();
  try {
    return figuresOf(await usagesOf(sessionScript(), ["Walk through every stage of the order checks and tell me what they do."], cwd, { "permission-mode": "bypassPermissions" }));
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

/** The mean time of one system-prompt assembly when nothing changed, in ms, for each batch after the warm-up. */
async function assemblyMs(): Promise<number[]> {
  const cwd = await copyPracticeWorkspace("bench");
  try {
    const { model } = scriptedModel({ turns: [] }, { renderer: silentRenderer });
    const own = await partsFrom(mechanisms, { model, cwd, renderer: silentRenderer, interactive: false, ask: async () => "n", flags: {} });
    const system = own.assemble!.build({ sections: sectionsFor(own.sections, own.tools), tools: own.tools });
    if (typeof system !== "function") throw new Error("s06's prompt should be a function of the context");
    const ctx = testContext(cwd);
    const BATCH = 1000;
    const batches: number[] = [];
    for (let b = 0; b < reps(30, 8); b++) {
      const started = performance.now();
      for (let i = 0; i < BATCH; i++) await system(ctx);
      batches.push((performance.now() - started) / BATCH);
    }
    return batches.slice(5); // the first batches warm the JIT up
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
function report(key: string, title: string, f: Figures): boolean {
  const share = f.read / f.total;
  console.log(`${title} (counted, not timed): ${f.requests} requests; from the third on ${f.total} input tokens, ${f.read} read from the cache (${figure(`prompt-cache.${key}.share`, pct(share))}), ${f.written} written`);
  console.log(`  per request, share read: ${f.perRequest.map((s) => Math.round(s * 100)).join(" ")}`);
  return share >= TARGET_SHARE;
}

const demoOk = report("demo", "s06 demo", await demoFigures());
const sessionOk = report("session", `${ROUNDS}-round session`, await sessionFigures());
const batches = await assemblyMs();
console.log(`Assembly per model call, nothing changed, min / median / max over ${batches.length} batches of 1,000: ${figure("prompt-cache.assembly", spread(batches, us))} (target: median ≤ ${TARGET_ASSEMBLY_MS * 1000} µs)`);
const ok = demoOk && sessionOk && median(batches) <= TARGET_ASSEMBLY_MS;
console.log(ok ? `Targets met (≥ ${pct(TARGET_SHARE)} from cache; assembly ≤ ${TARGET_ASSEMBLY_MS} ms).` : "A target was missed.");
if (!ok) process.exitCode = 1;
