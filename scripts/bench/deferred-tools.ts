/**
 * Benchmark: what deferring the MCP tools (lesson 13's tool_search, as Claude Code does) saves
 * in the prompt. Counted, not timed: the simulator's estimate of a request's input tokens
 * (characters / 4 of its system, messages and tools, as s07 estimates), on the practice
 * workspace with its two MCP servers (the issue tracker, the "everything" server) and the s13
 * demo's prompt:
 *
 * 1. the first request of s12 (no MCP), of s13 with every MCP schema sent (--tool-search false),
 *    and of s13 with them deferred (the default);
 * 2. a 30-request session calling the tracker's list_issues 29 times (deferred: one search first,
 *    then 28 calls), the input tokens of all 30 requests added up, with and without deferral.
 *
 *   pnpm bench deferred-tools
 */
import { rm } from "node:fs/promises";
import { lessonWorkspace, type Lesson } from "@learn/core/harness";
import { promptTokens, type ScriptBlock } from "@learn/core/simulator";
import { scriptedAgent } from "@learn/core/testing";
import { runAll } from "@learn/s09/testing";
import { lesson as s12 } from "@learn/s12";
import { lesson as s13 } from "@learn/s13";

const PROMPT = "What issues are open? Check cartTotal's fix is still needed, add 2 and 3 with the everything server to see it works, show me its tiny image, then file an issue for the missing formatPrice test.";
const ROUNDS = 30;
const LIST: ScriptBlock = { type: "tool_use", name: "mcp__issues__list_issues", input: { status: "open" } };
const SEARCH: ScriptBlock = { type: "tool_use", name: "tool_search", input: { query: "select:mcp__issues__list_issues" } };
const DONE: ScriptBlock = { type: "text", text: "done" };

/** The input tokens of every request of one session of `lesson` on `calls`, in order. */
async function session(lesson: Lesson, calls: ScriptBlock[], flags: Record<string, string> = {}): Promise<number[]> {
  const ws = await lessonWorkspace(s13, "bench-deferred");
  try {
    const turns = [...calls.map((c) => ({ content: [c] })), { content: [DONE] }];
    const scripted = await scriptedAgent(lesson, { turns }, ws, { flags: { ...flags, "permission-mode": "bypassPermissions" } });
    try {
      await runAll(scripted.agent, PROMPT, scripted.renderer);
    } finally {
      await scripted.agent.close?.();
    }
    return scripted.simulator.requests.map((r) => promptTokens(r.body as never));
  } finally {
    await rm(ws, { recursive: true, force: true });
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const n = (x: number) => x.toLocaleString("en-US");

const [first12] = await session(s12, []);
const [firstWhole] = await session(s13, [], { "tool-search": "false" });
const [firstDeferred] = await session(s13, []);
console.log("First request, input tokens (estimated: characters / 4)");
console.log(`  s12 (no MCP)                          ${n(first12!)}`);
console.log(`  s13, every MCP schema sent            ${n(firstWhole!)}  (+${n(firstWhole! - first12!)} over s12)`);
console.log(`  s13, MCP tools deferred (default)     ${n(firstDeferred!)}  (+${n(firstDeferred! - first12!)} over s12)`);

const whole = await session(s13, Array.from({ length: ROUNDS - 1 }, () => LIST), { "tool-search": "false" });
const deferred = await session(s13, [SEARCH, ...Array.from({ length: ROUNDS - 2 }, () => LIST)]);
console.log(`\nA ${ROUNDS}-request session (list_issues ${ROUNDS - 1} times; deferred: a search, then ${ROUNDS - 2} calls), input tokens added up`);
console.log(`  every MCP schema sent   ${n(sum(whole))}  (${whole.length} requests)`);
console.log(`  deferred                ${n(sum(deferred))}  (${deferred.length} requests; ${(100 * (1 - sum(deferred) / sum(whole))).toFixed(1)} % fewer)`);
