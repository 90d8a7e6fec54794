/** What s16's tests share: s09's helpers, and a goal run as `--print "/goal …"` runs it. */
import { expect } from "vitest";
import { runUntilIdle, type Agent, type MessageParam, type Renderer } from "@learn/core";
import { commandPrompt } from "@learn/core/harness";
import type { RecordedRequest, Script } from "@learn/core/simulator";
import { EVALUATOR_SYSTEM } from "../src/goal/evaluator.ts";
import { VERDICT_JSON_SCHEMA, type Verdict } from "../src/goal/verdict.ts";
import { bodyOf, text, textOfMessage } from "@learn/s09/testing";

export * from "@learn/s09/testing";

/** A command line (`/goal …`) or a prompt, run as `--print` runs it; returns the final answer, or the command's text. */
export async function typed(agent: Agent, line: string, renderer: Renderer, signal = new AbortController().signal): Promise<string> {
  const out = await commandPrompt(agent, line, renderer);
  if ("exit" in out) throw new Error(`${line} exited ${out.exit}`);
  if ("output" in out) return out.output;
  return runUntilIdle(agent, out.prompt, signal, renderer);
}

/** A scripted turn of the agent: words, and no tool (so it stops and the goal is checked). */
export const says = (words: string): Script["turns"][number] => ({ content: [text(words)] });

/** A scripted evaluator answer: the verdict as JSON text (the simulator holds it to the schema). */
export const verdict = (v: Verdict, repeat?: number): Script["turns"][number] => ({ expect: { noTools: true }, content: [text(JSON.stringify(v))], ...(repeat ? { repeat } : {}) });

interface Body {
  model: string;
  system?: unknown;
  tools?: unknown[];
  output_config?: { format?: unknown };
}

/** The evaluator's requests: the ones that carry the verdict's schema. */
export const evaluatorRequests = (requests: RecordedRequest[]) => requests.filter((r) => (r.body as Body).output_config?.format !== undefined);
/** The agent's own requests. */
export const agentRequests = (requests: RecordedRequest[]) => requests.filter((r) => (r.body as Body).output_config?.format === undefined);

/** An evaluator request as Claude Code sends it: its system, no tools, the schema, the conversation, then the question. */
export function expectEvaluatorRequest(r: RecordedRequest, condition: string, before: RecordedRequest): void {
  const body = r.body as Body;
  expect(body.system).toBe(EVALUATOR_SYSTEM);
  expect(body.tools).toBeUndefined();
  expect(body.output_config).toEqual({ format: { type: "json_schema", schema: VERDICT_JSON_SCHEMA } });
  const messages = bodyOf(r).messages;
  const question = textOfMessage(messages.at(-1));
  expect(question).toMatch(/^Based on the conversation transcript above, has the following stopping condition been satisfied\? Answer based on transcript evidence only\.\n\nCondition: /);
  expect(question).toContain(`Condition: ${condition}\n\nARGUMENTS: {"cwd":`);
  // The conversation it judges: everything the agent's last request held, and the answer to it.
  expect(withoutCacheMarks(messages.slice(0, -2))).toEqual(withoutCacheMarks(bodyOf(before).messages));
  expect(messages.at(-2)!.role).toBe("assistant");
}

/** The same messages without s06's cache breakpoints (a mark turns a string's content into a text block). */
export function withoutCacheMarks(messages: MessageParam[]): MessageParam[] {
  const blocks = messages.map((m) => ({ ...m, content: typeof m.content === "string" ? [{ type: "text" as const, text: m.content }] : m.content }));
  return JSON.parse(JSON.stringify(blocks, (key, v: unknown) => (key === "cache_control" ? undefined : v))) as MessageParam[];
}
