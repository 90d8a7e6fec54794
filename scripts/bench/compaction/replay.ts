/**
 * One session under one policy: the lesson's real hooks run before each request, in the
 * kernel's order, and every request (summaries too) is accounted by core's PromptCache, the
 * API's cache rules. A policy is the lesson's compaction with some settings (or none at all),
 * plus where its cache breakpoints go in the messages.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createContext, type Hook, type MessageParam, type ModelCall, type ModelRequest, type TextBlockParam, type ToolSpec } from "@learn/core";
import { silentRenderer } from "@learn/core/harness";
import { PromptCache } from "@learn/core/simulator";
import { withLastMarked } from "@learn/s06";
import { compaction, type CompactionSettings } from "@learn/s07";
import type { Layout } from "./layouts.ts";
import { assistantText, GOAL, MODEL, PLAN, ROUNDS, stubSummary, type Step } from "./session.ts";

export interface Policy {
  name: string;
  /** The lesson's compaction with these settings; undefined: the conversation only grows. */
  settings?: CompactionSettings;
  layout: Layout;
}

/** Tokens of a set of requests, by how the API bills them. */
export interface Bill {
  uncached: number;
  read: number;
  written: number;
  /** Output tokens: counted for summaries only (the agent's own answers are the same under every policy). */
  output: number;
}

export interface Figures {
  /** The agent's own requests. */
  main: Bill;
  /** The summary requests (auto-compaction). */
  summaries: Bill;
  /** The largest request the agent sent, in tokens. */
  peak: number;
  compactions: number;
  /** The last request, as JSON: it must still hold the goal, the plan and every file changed. */
  lastRequest: string;
}

/** uncached × 1 + written × 1.25 + read × 0.1 + output × 5 (Sonnet's prices): the cost, in uncached input tokens. */
export const costOf = (b: Bill) => b.uncached + b.written * 1.25 + b.read * 0.1 + b.output * 5;
export const totalCost = (f: Figures) => costOf(f.main) + costOf(f.summaries);

export interface Workspace {
  system: TextBlockParam[];
  tools: ToolSpec[];
  cwd: string;
}

export async function replay(policy: Policy, steps: readonly Step[], { system, tools, cwd }: Workspace): Promise<Figures> {
  let clock = 0;
  const cache = new PromptCache({ now: () => clock });
  const bill = (): Bill => ({ uncached: 0, read: 0, written: 0, output: 0 });
  const f: Figures = { main: bill(), summaries: bill(), peak: 0, compactions: 0, lastRequest: "" };
  const account = (request: ModelRequest, main: boolean) => {
    clock += 15_000; // a model call every 15 s: nothing expires from the 5-minute cache
    const sent = { model: MODEL, system: request.system, tools: request.tools, messages: policy.layout.last ? withLastMarked(request.messages) : request.messages };
    const c = cache.account(sent);
    const b = main ? f.main : f.summaries;
    b.uncached += c.inputTokens;
    b.read += c.cacheReadTokens;
    b.written += c.cacheWriteTokens;
    if (main) f.peak = Math.max(f.peak, c.totalTokens);
    if (main) f.lastRequest = JSON.stringify(sent);
  };
  const own = policy.settings ? compaction(policy.settings, { liveState: () => [PLAN] }) : undefined;
  // The agent's own wrappers (the compactor measures each request; the boundary, if the layout has it) around the accounting.
  const wrappers = (own?.wrappers ?? []).filter((w) => policy.layout.boundary || w !== own?.cacheBoundary);
  const wrap = (inner: ModelCall): ModelCall => wrappers.reduceRight<ModelCall>((next, w) => w(next), inner);
  const summarise = wrap(async (request) => {
    account(request, false);
    f.compactions++;
    const summary = stubSummary(request);
    f.summaries.output += summary.usage.output_tokens;
    return summary;
  });
  const send = wrap(async (request) => (account(request, true), assistantText("(the scripted step follows)")));
  const messages: MessageParam[] = [{ role: "user", content: GOAL }];
  const ctx = createContext({ agent: "lead", cwd, signal: new AbortController().signal, renderer: silentRenderer, messages, call: summarise });
  const preModel = (own?.hooks ?? []).filter((h): h is Hook<"PreModel"> => h.event === "PreModel");

  for (let round = 0; round < ROUNDS; round++) {
    // The lesson's PreModel hooks, as the kernel runs them: each may replace the conversation.
    for (const hook of preModel) {
      const replaced = await hook.run({ round }, ctx);
      if (replaced) messages.splice(0, messages.length, ...replaced);
    }
    await send({ system, tools, messages }, ctx);
    const step = steps[round];
    if (!step) break; // the last round's answer ends the session
    // What read_file read is on disk, so a summary re-attaches the files read last as they are (recent-files.ts).
    if (step.tool === "read_file") await writeInside(cwd, String(step.input.path), step.result);
    const id = `toolu_${String(round).padStart(4, "0")}`;
    messages.push({ role: "assistant", content: [{ type: "text", text: step.say }, { type: "tool_use", id, name: step.tool, input: step.input }] });
    messages.push({ role: "user", content: [{ type: "tool_result", tool_use_id: id, content: step.result }] });
  }
  return f;
}

async function writeInside(cwd: string, file: string, text: string): Promise<void> {
  const absolute = path.join(cwd, file);
  await mkdir(path.dirname(absolute), { recursive: true });
  await writeFile(absolute, text);
}
