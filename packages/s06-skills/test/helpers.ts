/**
 * What the s06 agent-level tests share: reading a request body the way the cache reads it —
 * its system blocks, where its `cache_control` breakpoints are, what the response said it read
 * from the cache — and small builders for scripted turns.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { RecordedRequest, Usage } from "@learn/core";
import { scriptedAgent } from "@learn/core/testing";
import { previousLesson } from "../src/index.ts";

export interface SystemBlock {
  type: "text";
  text: string;
  cache_control?: { type: string };
}

export interface Body {
  model: string;
  system: SystemBlock[];
  messages: { role: string; content: string | Record<string, unknown>[] }[];
  tools?: { name: string; cache_control?: unknown }[];
}

export const bodyOf = (r: RecordedRequest) => r.body as Body;
export const toolsOf = (r: RecordedRequest) => (bodyOf(r).tools ?? []).map((t) => t.name);
export const of = (requests: RecordedRequest[], agent: string) => requests.filter((r) => r.agent === agent);
/** The system prompt's blocks as text, joined. */
export const systemText = (r: RecordedRequest) => bodyOf(r).system.map((b) => b.text).join("\n\n");

/** The usage the simulator answered this request with. */
export const usageOf = (r: RecordedRequest) => (r.response as { usage: Usage }).usage;
export const cacheReadOf = (r: RecordedRequest) => usageOf(r).cache_read_input_tokens ?? 0;
/** The whole input of a request: what was read, written, and neither (the API reports them apart). */
export const inputOf = (r: RecordedRequest) => {
  const u = usageOf(r);
  return u.input_tokens + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0);
};

/**
 * Where a request's breakpoints are: `tools.3`, `system.0`, `messages.4.2` (message 4, block
 * 2), `messages.4.2.0` (a block inside a tool_result's content).
 */
export function breakpointsOf(body: Body): string[] {
  const found: string[] = [];
  const has = (block: unknown) => typeof block === "object" && block !== null && "cache_control" in block;
  (body.tools ?? []).forEach((t, i) => has(t) && found.push(`tools.${i}`));
  body.system.forEach((b, i) => has(b) && found.push(`system.${i}`));
  body.messages.forEach((m, i) => {
    if (typeof m.content === "string") return;
    m.content.forEach((b, j) => {
      if (has(b)) found.push(`messages.${i}.${j}`);
      if (Array.isArray(b.content)) (b.content as unknown[]).forEach((inner, k) => has(inner) && found.push(`messages.${i}.${j}.${k}`));
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

/** A memory file as save_memory writes it (and as a person may write one by hand). */
export function memoryFile(name: string, description: string, type: string, content: string): string {
  return `---\nname: ${name}\ndescription: ${description}\ntype: ${type}\n---\n${content}\n`;
}
