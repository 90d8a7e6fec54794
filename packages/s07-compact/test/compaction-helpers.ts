/** Conversations built in code for the compaction tests: rounds of tool calls and results. */
import type { MessageParam } from "@learn/core";

export const text = (n: number, c = "x") => c.repeat(n);

/** One round: the assistant calls a tool, the user message answers it. */
export function round(id: string, result: string, isError = false): MessageParam[] {
  return [
    { role: "assistant", content: [{ type: "text", text: `Step ${id}.` }, { type: "tool_use", id, name: "read_file", input: { path: `${id}.ts` } }] },
    { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: result, ...(isError ? { is_error: true } : {}) }] },
  ];
}

/** A prompt and `results.length` rounds, one result each. */
export function conversation(results: string[]): MessageParam[] {
  return [{ role: "user", content: "Fix the failing test in src/cart.ts; use pnpm, not npm." }, ...results.flatMap((r, i) => round(`toolu_${i}`, r))];
}

/** Every tool_result's content, in order. */
export function resultContents(messages: readonly MessageParam[]): string[] {
  return messages.flatMap((m) =>
    typeof m.content === "string" ? [] : m.content.flatMap((b) => (b.type === "tool_result" ? [typeof b.content === "string" ? b.content : JSON.stringify(b.content)] : [])),
  );
}
