/**
 * `pnpm trace --to-script trace.jsonl > run.yaml`: a recorded session as an offline script. A
 * run against a real model, traced (`--trace`), becomes a script the simulator answers from
 * (`--model-script run.yaml`): the same answers, in the same order, to each agent — so a student
 * can share a real run that anyone replays with no key, and its tool calls run again, for real,
 * on their own practice workspace.
 *
 *   request (lead) ─ a turn's first, ending with the person's text ─► prompt
 *   response (any agent) ───────────────────────────────────────────► a turn for that agent (`agent:` unless lead)
 *   error (no answer came; the harness retried or gave up) ─────────────► nothing: the retry gets the next turn
 *
 * Tool-use ids are not kept: the simulator makes its own, and the harness only pairs them.
 * Thinking blocks are left out (the simulator does not send them).
 */
import { stringify } from "yaml";
import type { TraceEntry } from "@learn/core/harness";

interface Block {
  type: string;
  text?: string;
  name?: string;
  input?: unknown;
}

interface Message {
  role: string;
  content: string | Block[];
}

type Turn = { agent?: string; content: Block[]; stop_reason?: string };

export function scriptFromTrace(entries: readonly TraceEntry[], source: string): string {
  const prompts: string[] = [];
  const turns: Turn[] = [];
  let leadWaitsForTools = false;
  for (const entry of entries) {
    if (entry.type === "request" && entry.agent === "lead") {
      const prompt = leadWaitsForTools ? undefined : promptOf(entry.body as { messages: Message[] });
      if (prompt !== undefined && !prompts.includes(prompt)) prompts.push(prompt);
    }
    if (entry.type !== "response") continue;
    const body = entry.body as { content: Block[]; stop_reason?: string };
    const content = body.content.flatMap(blockOf);
    if (content.length === 0) continue;
    const turn: Turn = { ...(entry.agent === "lead" ? {} : { agent: entry.agent }), content };
    if (body.stop_reason === "max_tokens") turn.stop_reason = "max_tokens";
    turns.push(turn);
    if (entry.agent === "lead") leadWaitsForTools = content.some((b) => b.type === "tool_use");
  }
  const header = `# Recorded from ${source} (pnpm trace --to-script): replay it with --model-script.\n`;
  return header + stringify({ title: `Replay of ${source}`, prompt: prompts.length === 1 ? prompts[0] : prompts, turns }, { lineWidth: 0 });
}

/** The person's text at the end of a turn's first request (what they typed), if it ends with text. */
function promptOf(body: { messages: Message[] }): string | undefined {
  const last = body.messages.at(-1);
  if (last?.role !== "user") return undefined;
  if (typeof last.content === "string") return last.content;
  const texts = last.content.filter((b) => b.type === "text" && typeof b.text === "string");
  return texts.at(-1)?.text;
}

/** A response block as a script block: text and tool calls (ids dropped); anything else left out. */
function blockOf(block: Block): Block[] {
  if (block.type === "text") return [{ type: "text", text: block.text ?? "" }];
  if (block.type === "tool_use") return [{ type: "tool_use", name: block.name, input: block.input ?? {} }];
  return [];
}
