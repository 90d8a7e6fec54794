/**
 * What the s07 agent-level tests share: reading a request body (its messages, its
 * `cache_control` breakpoints, whether it offers tools), telling a summary request from the
 * agent's own, and small builders for scripted turns.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MessageParam, RecordedRequest } from "@learn/core";
import { scriptedAgent } from "@learn/core/testing";
import { previousLesson } from "../src/index.ts";

export interface SystemBlock {
  type: "text";
  text: string;
  cache_control?: { type: string };
}

export interface Body {
  model: string;
  max_tokens: number;
  system: SystemBlock[] | string;
  messages: MessageParam[];
  tools?: { name: string; cache_control?: unknown }[];
}

export const bodyOf = (r: RecordedRequest) => r.body as Body;
export const toolsOf = (r: RecordedRequest) => (bodyOf(r).tools ?? []).map((t) => t.name);
export const of = (requests: RecordedRequest[], agent: string) => requests.filter((r) => r.agent === agent);
/** A summary request: the compactor asks the model with no tools at all. */
export const isSummaryRequest = (r: RecordedRequest) => toolsOf(r).length === 0;
/** The whole text of a message (its text blocks and tool results' text), for searching. */
export const textOfMessage = (m: MessageParam | undefined) => (m === undefined ? "" : typeof m.content === "string" ? m.content : JSON.stringify(m.content));
/** The message of an answered request, as the simulator sent it. */
export const responseOf = (r: RecordedRequest) => r.response as { content: { type: string; text?: string; name?: string }[]; stop_reason: string; error?: { message: string } };

/**
 * Where a request's breakpoints are: `tools.3`, `system.0`, `messages.4.2` (message 4, block
 * 2), `messages.4.2.0` (a block inside a tool_result's content).
 */
export function breakpointsOf(body: Body): string[] {
  const found: string[] = [];
  const has = (block: unknown) => typeof block === "object" && block !== null && "cache_control" in block;
  (body.tools ?? []).forEach((t, i) => has(t) && found.push(`tools.${i}`));
  if (Array.isArray(body.system)) body.system.forEach((b, i) => has(b) && found.push(`system.${i}`));
  body.messages.forEach((m, i) => {
    if (typeof m.content === "string") return;
    m.content.forEach((b, j) => {
      if (has(b)) found.push(`messages.${i}.${j}`);
      const inner = (b as { content?: unknown }).content;
      if (Array.isArray(inner)) inner.forEach((x, k) => has(x) && found.push(`messages.${i}.${j}.${k}`));
    });
  });
  return found;
}

export const text = (t: string) => ({ type: "text" as const, text: t });
export const use = (name: string, input: Record<string, unknown>) => ({ type: "tool_use" as const, name, input });
export const never = () => new AbortController().signal;

/** Write `files` (paths relative to `dir`) into a workspace. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

/** What the previous lesson's agent is made of, in `cwd`: this lesson adds to it. */
export async function previousAnatomy(cwd: string) {
  return (await scriptedAgent(previousLesson, "turns: [ { content: [ { type: text, text: hi } ] } ]", cwd)).agent.anatomy();
}
