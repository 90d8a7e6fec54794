/**
 * Benchmark: what a subagent buys (s05), with the real lesson, the real tools and a scripted model.
 *
 * 1. Context. The lead explores 10 source files (about 4 KB each) either itself — every file lands
 *    in its conversation — or through one `explore` child that reads them and reports a
 *    summary. Compared: the input tokens of the lead's next request (as the simulator counts
 *    them). Target: the subagent path at least 5× smaller.
 * 2. Time. Two read-only children whose one tool call takes 300 ms each, started in one
 *    response, against one such child alone. Target: both together within 1.3× of one.
 *
 *   pnpm exec tsx scripts/bench/subagent.ts
 */
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { agentFromMechanisms, defineTool, type AgentOptions, type Mechanism, type Tool } from "@learn/core";
import { MemoryTracer, silentRenderer } from "@learn/core/harness";
import type { Script } from "@learn/core/simulator";
import { scriptedModel } from "@learn/core/testing";
import { lesson, mechanisms, subagents } from "@learn/s05";
import { median, ms } from "./lib.ts";

const FILES = 10;
const TOOL_MS = 300;
const RUNS = 5;
const TARGET_CONTEXT_RATIO = 5;
const TARGET_TIME_RATIO = 1.3;

/** A plausible source file of about 4 KB. */
function sourceFile(i: number): string {
  const fns = Array.from({ length: 20 }, (_, j) => `export function step${i}_${j}(input) {\n  // Turns one record into the next stage's shape.\n  return { ...input, stage: ${j}, checked: input.value > ${j * 10} };\n}\n`);
  return `/** Module ${i}: one stage of the order pipeline. */\n${fns.join("\n")}`;
}

async function workspace(extra: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "learn-bench-s05-"));
  const files: Record<string, string> = { ...extra };
  for (let i = 1; i <= FILES; i++) files[`src/stage${i}.js`] = sourceFile(i);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return dir;
}

const reads = Array.from({ length: FILES }, (_, i) => ({ type: "tool_use" as const, name: "read_file", input: { path: `src/stage${i + 1}.js` } }));
const SUMMARY =
  "The 10 files src/stage1.js … src/stage10.js are the stages of an order pipeline. Each exports 20 functions step<N>_<j>(input) " +
  "that copy the record, set `stage` to j and `checked` to value > 10·j. No I/O, no shared state; nothing imports anything.";
const text = (t: string) => ({ type: "text" as const, text: t });

/** The input tokens of the lead's first and last requests, exploring inline or through a child. */
async function leadTokensAfter(viaSubagent: boolean): Promise<{ first: number; last: number }> {
  const cwd = await workspace();
  const script: Script = viaSubagent
    ? {
        turns: [
          { content: [{ type: "tool_use", name: "task", input: { description: "Survey src", prompt: "Read every file in src/ and summarise.", subagent_type: "explore" } }] },
          { agent: "explore-1", content: reads },
          { agent: "explore-1", content: [text(SUMMARY)] },
          { content: [text("Done.")] },
        ],
      }
    : { turns: [{ content: reads }, { content: [text("Done.")] }] };
  const tracer = new MemoryTracer();
  const { model } = scriptedModel(script, { tracer, renderer: silentRenderer });
  try {
    const agent = await lesson.createAgent(options(model, cwd));
    await agent.run("Survey the files in src/ and tell me what they do.", new AbortController().signal);
    const usage = tracer.entries
      .filter((e) => e.type === "response" && e.agent === "lead")
      .map((e) => (e.body as { usage: { input_tokens: number } }).usage.input_tokens);
    return { first: usage[0]!, last: usage.at(-1)! };
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

function options(model: AgentOptions["model"], cwd: string): AgentOptions {
  return { model, cwd, renderer: silentRenderer, interactive: false, ask: async () => "n", flags: { "permission-mode": "bypassPermissions" } };
}

/** A read-only tool that takes TOOL_MS. */
const slowLook: Tool = defineTool({
  name: "slow_look",
  description: `Look at something for ${TOOL_MS} ms.`,
  input: z.object({}),
  concurrencySafe: true,
  permission: { mutating: false },
  async run() {
    await sleep(TOOL_MS);
    return "looked";
  },
});

/** Wall time of one prompt whose response starts `children` read-only children (one slow call each). */
async function timeChildren(children: number): Promise<number> {
  const cwd = await workspace({ ".claude/agents/looker.md": "---\nname: looker\ndescription: Looks.\ntools: slow_look\n---\nLook once, then report.\n" });
  const task = (n: number) => ({ type: "tool_use" as const, name: "task", input: { description: `Look ${n}`, prompt: "Look.", subagent_type: "looker" } });
  const script: Script = {
    turns: [
      { content: Array.from({ length: children }, (_, i) => task(i + 1)) },
      ...Array.from({ length: children }, (_, i) => [
        { agent: `looker-${i + 1}`, content: [{ type: "tool_use" as const, name: "slow_look", input: {} }] },
        { agent: `looker-${i + 1}`, content: [text("Looked.")] },
      ]).flat(),
      { content: [text("Done.")] },
    ],
  };
  // The lesson put together as src/agent.ts does, with the slow tool in every agent's parts.
  const slowTool: Mechanism = { name: "slow tool", add: (parts) => ({ ...parts, tools: [...parts.tools, slowLook] }) };
  const list = [...mechanisms.filter((m) => m !== subagents), slowTool, subagents];
  const { model } = scriptedModel(script, { renderer: silentRenderer });
  try {
    const opts = options(model, cwd);
    const agent = await agentFromMechanisms(list, opts);
    const started = performance.now();
    await agent.run("Look twice.", new AbortController().signal);
    return performance.now() - started;
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

async function medianTime(children: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timeChildren(children));
  return median(times);
}

const inline = await leadTokensAfter(false);
const delegated = await leadTokensAfter(true);
const contextRatio = inline.last / delegated.last;
const grew = (t: { first: number; last: number }) => `${String(t.last).padStart(7)}  (+${t.last - t.first} since its first request)`;
console.log(`The lead's next request after exploring ${FILES} files of ~4 KB (input tokens):`);
console.log(`  inline (the files in its context)   ${grew(inline)}`);
console.log(`  through an explore subagent         ${grew(delegated)}`);
console.log(`  ratio                               ${contextRatio.toFixed(1).padStart(6)}x   target ≥ ${TARGET_CONTEXT_RATIO}x: ${contextRatio >= TARGET_CONTEXT_RATIO ? "met" : "MISSED"}`);

await timeChildren(1); // warm up: the first run pays for loading the SDK and the simulator
const one = await medianTime(1);
const two = await medianTime(2);
const timeRatio = two / one;
console.log(`Read-only subagents, one ${TOOL_MS} ms tool call each, median of ${RUNS} runs:`);
console.log(`  one child                           ${ms(one).padStart(8)}`);
console.log(`  two children in one response        ${ms(two).padStart(8)}`);
console.log(`  ratio                               ${timeRatio.toFixed(2).padStart(6)}x   target ≤ ${TARGET_TIME_RATIO}x: ${timeRatio <= TARGET_TIME_RATIO ? "met" : "MISSED"}`);
process.exitCode = contextRatio >= TARGET_CONTEXT_RATIO && timeRatio <= TARGET_TIME_RATIO ? 0 : 1;
