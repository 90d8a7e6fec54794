/**
 * What the s06 agent-level tests share: reading a request body the way the cache reads it —
 * its system blocks, where its `cache_control` breakpoints are, what the response said it read
 * from the cache — and small builders for scripted turns.
 */
import type { Usage } from "@learn/core";
import type { RecordedRequest } from "@learn/core/simulator";
import { lesson as previousLesson } from "@learn/s05";
import { anatomyOf } from "../src/testing/index.ts";

export { breakpointsOf, never, text, use, writeFiles } from "../src/testing/index.ts";

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

/** What the previous lesson's agent is made of, in `cwd`: this lesson adds to it. */
export const previousAnatomy = (cwd: string) => anatomyOf(previousLesson, cwd);

/** A memory file as save_memory writes it (and as a person may write one by hand). */
export function memoryFile(name: string, description: string, type: string, content: string): string {
  return `---\nname: ${name}\ndescription: ${description}\ntype: ${type}\n---\n${content}\n`;
}

/** A command turn's prompt without Claude Code's <command-message>/<command-name>/<command-args> header (and the files attached before it). */
export const commandBody = (prompt: string) => prompt.slice(prompt.indexOf("</command-args>\n") + "</command-args>\n".length);
