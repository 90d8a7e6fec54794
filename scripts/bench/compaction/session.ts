/**
 * The scripted sessions the compaction benchmark replays: 120 rounds of a coding task (add a
 * discount code to a checkout), one per seed. Each round the assistant says a line and calls
 * one tool; what comes back is drawn from a seeded generator, so every policy sees the very
 * same session for a seed, and another seed is another session:
 *
 *   read_file   40 %   1–20 KB of source
 *   grep        20 %   0.5–4 KB of matches
 *   bash tests  20 %   2–60 KB of test output (the large ones are what persistence is for)
 *   edit_file   20 %   a one-line confirmation; these are the "files changed"
 *
 * Summary requests are answered by a stub that builds the summary from the history (goal,
 * files changed, remaining work), as a model that does its job would.
 */
import type { Message, ModelRequest } from "@learn/core";

export const ROUNDS = 120;
export const MODEL = "claude-sonnet-4-5";
export const GOAL = "Add a discount code field to the checkout: validate codes in src/discounts.ts, apply them in src/cart.ts, keep the tests green. Use pnpm, never npm.";
export const PLAN_ITEMS = [
  { content: "read the checkout code", status: "completed" },
  { content: "implement discount codes", status: "in_progress" },
  { content: "run the whole test suite", status: "pending" },
];
/** The plan as s04's live state renders it after a compaction. */
export const PLAN = `<plan>\nThe plan you were following (todo_write):\n${PLAN_ITEMS.map((t) => `[${t.status === "completed" ? "x" : t.status === "in_progress" ? ">" : " "}] ${t.content}`).join("\n")}\n</plan>`;

export interface Step {
  say: string;
  tool: string;
  input: Record<string, unknown>;
  result: string;
}

/** A seeded generator (mulberry32): the same numbers for a seed, on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const filler = (size: number, line: string) => line.repeat(Math.ceil(size / line.length)).slice(0, size);

/** One session: what the assistant does each round (a plan first), and what comes back. */
export function session(seed: number): Step[] {
  const next = random(seed);
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

/** The files a session edits: each must still be named in its last request. */
export function editedFiles(steps: readonly Step[]): string[] {
  return [...new Set(steps.filter((s) => s.tool === "edit_file").map((s) => String(s.input.path)))];
}

/** What a summary keeps: the goal, every file edited (also those named by an earlier summary), what is left. */
export function stubSummary(request: ModelRequest): Message {
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

export function assistantText(text: string): Message {
  const usage = { input_tokens: 0, output_tokens: Math.ceil(text.length / 4), cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  return { id: "msg_stub", type: "message", role: "assistant", model: MODEL, content: [{ type: "text", text, citations: null }], stop_reason: "end_turn", stop_sequence: null, usage } as unknown as Message;
}
