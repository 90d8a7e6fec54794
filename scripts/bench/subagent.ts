/**
 * Benchmark: what a subagent buys (s05), with the real lesson, the real tools and a scripted model.
 *
 * 1. Context. The lead explores 10 source files (about 4 KB each) either itself — every file lands
 *    in its conversation — or through one `explore` child that reads them and reports a
 *    summary. Compared, as the simulator counts them (counted, not timed: one run of each): the input
 *    tokens of the lead's next request (target: the subagent path at least 5× smaller), and
 *    the other half — the input tokens of every request, lead and child together, against
 *    doing it inline (the child reads the files too, and pays its own system prompt).
 * 2. Time. Two read-only children whose one tool call takes 300 ms each, started in one
 *    response, against one such child alone, interleaved (one, two, one, two …) 7 times after a
 *    warm-up; min / median / max of each and two / one. Target: both together within 1.3× of
 *    one (medians).
 *
 *   pnpm bench subagent        (--quick: 2 repetitions of the timing)
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
import { compare, interleave, ratio, reps, spread, times } from "./lib.ts";
import { figure } from "./figures.ts";

const FILES = 10;
const TOOL_MS = 300;
const RUNS = reps(7, 2);
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

/** The part of a response's usage this benchmark reads. */
interface Usage { input_tokens: number; cache_read_input_tokens?: number | null; cache_creation_input_tokens?: number | null }

interface Tokens {
  /** The input tokens of the lead's first and last requests. */
  leadFirst: number;
  leadLast: number;
  /** The input tokens of every request, the lead's and the child's together. */
  all: number;
}

/** The input tokens of one session, exploring inline or through a child. Deterministic: the simulator counts them. */
async function tokensOf(viaSubagent: boolean): Promise<Tokens> {
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
    const input = (u: Usage) => u.input_tokens + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0);
    const responses = tracer.entries.filter((e) => e.type === "response").map((e) => ({ agent: e.agent, tokens: input((e.body as { usage: Usage }).usage) }));
    const lead = responses.filter((r) => r.agent === "lead").map((r) => r.tokens);
    if (viaSubagent && responses.length === lead.length) throw new Error("the explore child made no request");
    return { leadFirst: lead[0]!, leadLast: lead.at(-1)!, all: responses.reduce((sum, r) => sum + r.tokens, 0) };
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

const inline = await tokensOf(false);
const delegated = await tokensOf(true);
const contextRatio = inline.leadLast / delegated.leadLast;
const n = (x: number) => x.toLocaleString("en-US");
const grew = (t: Tokens, id: string) => `${figure(id, n(t.leadLast)).padStart(7)}  (+${n(t.leadLast - t.leadFirst)} since its first request)`;
console.log(`Exploring ${FILES} files of ~4 KB, input tokens (counted by the simulator, not timed):`);
console.log(`  the lead's next request, inline (the files in its context)   ${grew(inline, "subagent.inline")}`);
console.log(`  the lead's next request, through an explore subagent         ${grew(delegated, "subagent.delegated")}`);
console.log(`  inline / subagent                                            ${figure("subagent.ratio", times(contextRatio)).padStart(7)}   target ≥ ${TARGET_CONTEXT_RATIO}×: ${contextRatio >= TARGET_CONTEXT_RATIO ? "met" : "MISSED"}`);
console.log(`  the other half — every request, lead and child together: inline ${figure("subagent.all.inline", n(inline.all))}, through the subagent ${figure("subagent.all.delegated", n(delegated.all))}: ${figure("subagent.all.ratio", times(delegated.all / inline.all))} of inline`);

await timeChildren(1); // warm up: the first run pays for loading the SDK and the simulator
const { one, two } = await interleave(RUNS, { one: () => timeChildren(1), two: () => timeChildren(2) });
const timeRatio = ratio(two, one);
console.log(`Read-only subagents, one ${TOOL_MS} ms tool call each, min / median / max of ${RUNS} interleaved runs:`);
console.log(`  one child                           ${figure("subagent.one", spread(one))}`);
console.log(`  two children in one response        ${figure("subagent.two", spread(two))}`);
console.log(`  two / one                           ${figure("subagent.two-over-one", compare(two, one))}   target ≤ ${TARGET_TIME_RATIO}× (medians): ${timeRatio <= TARGET_TIME_RATIO ? "met" : "MISSED"}`);
process.exitCode = contextRatio >= TARGET_CONTEXT_RATIO && timeRatio <= TARGET_TIME_RATIO ? 0 : 1;
