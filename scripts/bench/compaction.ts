/**
 * Benchmark: what lesson 7's context management costs and saves, against a reference policy.
 *
 * A scripted 120-round coding session (add a discount code to a checkout), grown one round at a
 * time. Each round the assistant says a line and calls one tool; the result's size is drawn from
 * a seeded generator, so every policy sees the very same session:
 *
 *   read_file   40 %   1–20 KB of source
 *   grep        20 %   0.5–4 KB of matches
 *   bash tests  20 %   2–60 KB of test output (the large ones are what persistence is for)
 *   edit_file   20 %   a one-line confirmation; these are the "files changed"
 *
 * Three policies, with the same s06 cache layout (the real s06 system prompt blocks and tools,
 * a breakpoint on the last message) and the same requests accounted by core's PromptCache:
 *
 *   (a) none        the conversation only grows
 *   (b) reference   micro-compact EVERY round (keep the last 3 results), auto-compact at 50,000
 *                   estimated tokens, no persistence
 *   (c) lesson      this lesson's defaults (persist > 30,000 chars, micro-compact in batches,
 *                   auto-compact at 50,000)
 *
 * The lesson's real hooks run before each request, in the kernel's order. Summary calls are
 * answered by a stub that builds the summary from the history (goal, files changed, remaining
 * work) and are accounted like any request. Reported per policy: input tokens, tokens read from
 * the cache, the effective input cost (uncached × 1 + written × 1.25 + read × 0.1), the peak
 * context, compactions. Then a sweep of microCompactBatch. Targets: (c)'s cost ≤ 60 % of (b)'s,
 * (c)'s peak ≤ (b)'s, and (c)'s last request still holds the goal, the plan and every file changed.
 *
 *   pnpm exec tsx scripts/bench/compaction.ts
 */
import { rm } from "node:fs/promises";
import { copyPracticeWorkspace, createContext, sectionsFor, silentRenderer, PromptCache, type AgentOptions, type Hook, type Message, type MessageParam, type ModelCall, type ModelRequest, type TextBlockParam, type ToolSpec } from "@learn/core";
import { scriptedModel, testContext } from "@learn/core/testing";
import { parts as s06Parts, withLastMarked } from "@learn/s06";
import { compaction, DEFAULT_COMPACTION, type CompactionSettings } from "@learn/s07";

const ROUNDS = 120;
const TARGET_COST_SHARE = 0.6;
const MODEL = "claude-sonnet-4-5";
const GOAL = "Add a discount code field to the checkout: validate codes in src/discounts.ts, apply them in src/cart.ts, keep the tests green. Use pnpm, never npm.";
const PLAN_ITEMS = [
  { content: "read the checkout code", status: "completed" },
  { content: "implement discount codes", status: "in_progress" },
  { content: "run the whole test suite", status: "pending" },
];
/** The plan as s04's live state renders it after a compaction. */
const PLAN = `<plan>\nThe plan you were following (todo_write):\n${PLAN_ITEMS.map((t) => `[${t.status === "completed" ? "x" : t.status === "in_progress" ? ">" : " "}] ${t.content}`).join("\n")}\n</plan>`;

/** A seeded generator (mulberry32): the same session for every policy and every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Step {
  say: string;
  tool: string;
  input: Record<string, unknown>;
  result: string;
}

const filler = (size: number, line: string) => line.repeat(Math.ceil(size / line.length)).slice(0, size);

/** The session: what the assistant does each round (a plan first), and what comes back. */
function session(): Step[] {
  const next = random(7);
  const between = (lo: number, hi: number) => Math.round(lo + next() * (hi - lo));
  const thinking = (what: string) => `${what} ${filler(between(100, 600), "Checking how the discount interacts with the cart total. ")}`;
  const plan: Step = { say: "Planning.", tool: "todo_write", input: { todos: PLAN_ITEMS }, result: "Plan updated: 1 of 3 done." };
  return [
    plan,
    ...Array.from({ length: ROUNDS - 2 }, (_, i): Step => {
      const roll = next();
      const file = `src/module${i % 17}.ts`;
      if (roll < 0.4) return { say: thinking(`Reading ${file}.`), tool: "read_file", input: { path: file }, result: filler(between(1_000, 20_000), `export function step${i}(order: Order) { return order.total * ${i}; }\n`) };
      if (roll < 0.6) return { say: thinking("Searching."), tool: "grep", input: { pattern: `discount${i}`, path: "src" }, result: filler(between(500, 4_000), `src/module${i % 9}.ts:${i}: const discount${i} = applyCode(cart);\n`) };
      if (roll < 0.8) return { say: thinking("Running the tests."), tool: "bash", input: { command: "pnpm test" }, result: filler(between(2_000, 60_000), `✓ checkout › applies discount ${i} (3 ms)\n`) };
      const code = (k: string) => filler(between(200, 1_500), `  const ${k}${i} = applyDiscount(cart, code);\n`);
      return { say: thinking(`Editing ${file}.`), tool: "edit_file", input: { path: file, old_string: code("before"), new_string: code("after") }, result: `Edited ${file}: 1 replacement.` };
    }),
  ];
}

/** What a summary keeps: the goal, every file edited (also those named by an earlier summary), what is left. */
function stubSummary(request: ModelRequest): Message {
  const json = JSON.stringify(request.messages);
  const files = new Set([...json.matchAll(/"name":"edit_file","input":\{"path":"([^"]+)"/g), ...json.matchAll(/- (src\/module\d+\.ts) \(edited\)/g)].map((m) => m[1]!));
  const text = [
    `1. Goal: ${GOAL}`,
    "2. Findings: the cart total is computed in src/cart.ts; codes are matched case-insensitively.",
    "3. Files changed:",
    ...[...files].sort().map((f) => `- ${f} (edited)`),
    "4. Remaining work: finish the edits, then run pnpm test.",
    "5. Constraints: use pnpm, never npm.",
  ].join("\n");
  return assistantText(text);
}

function assistantText(text: string): Message {
  const usage = { input_tokens: 0, output_tokens: Math.ceil(text.length / 4), cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  return { id: "msg_stub", type: "message", role: "assistant", model: MODEL, content: [{ type: "text", text, citations: null }], stop_reason: "end_turn", stop_sequence: null, usage } as unknown as Message;
}

interface Figures {
  input: number;
  uncached: number;
  read: number;
  written: number;
  cost: number;
  peak: number;
  compactions: number;
  lastRequest: string;
}

type Policy = { name: string; settings?: CompactionSettings };

/** Run the session under one policy; every request (summaries too) is accounted by one PromptCache. */
async function run(policy: Policy, system: TextBlockParam[], tools: ToolSpec[], cwd: string): Promise<Figures> {
  let clock = 0;
  const cache = new PromptCache({ now: () => clock });
  const f: Figures = { input: 0, uncached: 0, read: 0, written: 0, cost: 0, peak: 0, compactions: 0, lastRequest: "" };
  const account = (request: ModelRequest, main: boolean) => {
    clock += 15_000; // a model call every 15 s: nothing expires from the 5-minute cache
    const sent = { model: MODEL, system: request.system, tools: request.tools, messages: withLastMarked(request.messages) };
    const c = cache.account(sent);
    f.input += c.totalTokens;
    f.uncached += c.inputTokens;
    f.read += c.cacheReadTokens;
    f.written += c.cacheWriteTokens;
    if (main) f.peak = Math.max(f.peak, c.totalTokens);
    if (main) f.lastRequest = JSON.stringify(sent);
  };
  const own = policy.settings ? compaction(policy.settings, { liveState: () => [PLAN] }) : undefined;
  // The agent's own wrappers (the compactor's measures each request) around the accounting.
  const wrap = (inner: ModelCall): ModelCall => (own?.wrappers ?? []).reduceRight<ModelCall>((next, w) => w(next), inner);
  const summarise = wrap(async (request) => {
    account(request, false);
    f.compactions++;
    return stubSummary(request);
  });
  const send = wrap(async (request) => (account(request, true), assistantText("(the scripted step follows)")));
  const messages: MessageParam[] = [{ role: "user", content: GOAL }];
  const ctx = createContext({ agent: "lead", cwd, signal: new AbortController().signal, renderer: silentRenderer, messages, call: summarise });

  const steps = session();
  for (let round = 0; round < ROUNDS; round++) {
    // The lesson's PreModel hooks, as the kernel runs them: each may replace the conversation.
    for (const hook of (own?.hooks ?? []).filter((h): h is Hook<"PreModel"> => h.event === "PreModel")) {
      const replaced = await hook.run({ round }, ctx);
      if (replaced) messages.splice(0, messages.length, ...replaced);
    }
    await send({ system, tools, messages }, ctx);
    const step = steps[round];
    if (!step) break; // the last round's answer ends the session
    const id = `toolu_${String(round).padStart(4, "0")}`;
    messages.push({ role: "assistant", content: [{ type: "text", text: step.say }, { type: "tool_use", id, name: step.tool, input: step.input }] });
    messages.push({ role: "user", content: [{ type: "tool_result", tool_use_id: id, content: step.result }] });
  }
  f.cost = f.uncached + f.written * 1.25 + f.read * 0.1;
  return f;
}

/** The real s06 system prompt blocks and tools (plus the compact tool), as the lead sends them. */
async function layout(cwd: string): Promise<{ system: TextBlockParam[]; tools: ToolSpec[] }> {
  const { model } = scriptedModel({ turns: [] }, { renderer: silentRenderer });
  const options: AgentOptions = { model, cwd, renderer: silentRenderer, interactive: false, ask: async () => "n", flags: {} };
  const own = await s06Parts(options);
  const build = own.assemble!.build({ sections: sectionsFor(own.sections, own.tools), tools: own.tools });
  const system = typeof build === "function" ? await build(testContext(cwd)) : build;
  const compactSpec = compaction(DEFAULT_COMPACTION, { liveState: () => [] }).tools.map((t) => t.spec);
  return { system: system as TextBlockParam[], tools: [...own.tools.map((t) => t.spec), ...compactSpec] };
}

const n = (x: number) => Math.round(x).toLocaleString("en-US");
function row(name: string, f: Figures): string {
  return `${name.padEnd(28)} ${n(f.input).padStart(11)} ${n(f.read).padStart(11)} ${n(f.cost).padStart(10)} ${n(f.peak).padStart(8)} ${String(f.compactions).padStart(5)}`;
}

const cwd = await copyPracticeWorkspace("bench");
try {
  const { system, tools } = await layout(cwd);
  const reference: CompactionSettings = { ...DEFAULT_COMPACTION, persistAboveChars: undefined, microCompactBatch: 1, autoCompactAboveTokens: 50_000 };
  const none = await run({ name: "none" }, system, tools, cwd);
  const ref = await run({ name: "reference", settings: reference }, system, tools, cwd);
  const ours = await run({ name: "lesson", settings: DEFAULT_COMPACTION }, system, tools, cwd);

  console.log(`${ROUNDS}-round session, estimated tokens (chars / 4); cost = uncached + 1.25 × written + 0.1 × read`);
  console.log(`${"policy".padEnd(28)} ${"input".padStart(11)} ${"from cache".padStart(11)} ${"cost".padStart(10)} ${"peak".padStart(8)} ${"comp.".padStart(5)}`);
  console.log(row("(a) no compaction", none));
  console.log(row("(b) reference", ref));
  console.log(row(`(c) lesson (batch ${DEFAULT_COMPACTION.microCompactBatch})`, ours));

  // What must survive any compaction: the goal, the plan, every file changed.
  const edited = [...new Set(session().filter((s) => s.tool === "edit_file").map((s) => String(s.input.path)))];
  const lost = (f: Figures) => [GOAL, ...PLAN_ITEMS.map((t) => t.content), ...edited].filter((needle) => !f.lastRequest.includes(JSON.stringify(needle).slice(1, -1)));

  console.log("microCompactBatch sweep (the lesson's other defaults; the last request checked for the goal, plan and files):");
  let sweepLost = 0;
  for (const batch of [1, 2, 4, 6, 8, 10, 12, 16, 24]) {
    const f = await run({ name: `batch ${batch}`, settings: { ...DEFAULT_COMPACTION, microCompactBatch: batch } }, system, tools, cwd);
    sweepLost += lost(f).length;
    console.log(row(`    batch ${batch}`, f) + `   ${((f.cost / ref.cost) * 100).toFixed(1)} % of (b)${lost(f).length ? `   LOST ${lost(f).join(", ")}` : ""}`);
  }

  const share = ours.cost / ref.cost;
  const missing = lost(ours);
  console.log(`(c) costs ${(share * 100).toFixed(1)} % of (b) (target ≤ ${TARGET_COST_SHARE * 100} %); peak ${n(ours.peak)} vs ${n(ref.peak)}`);
  console.log(missing.length === 0 ? `(c)'s last request holds the goal, the plan and all ${edited.length} files changed.` : `(c)'s last request lost: ${missing.join(", ")}`);
  const ok = share <= TARGET_COST_SHARE && ours.peak <= ref.peak && missing.length === 0 && sweepLost === 0;
  console.log(ok ? "Targets met." : "A target was missed.");
  if (!ok) process.exitCode = 1;
} finally {
  await rm(cwd, { recursive: true, force: true });
}
