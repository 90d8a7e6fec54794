/**
 * @learn/s06/testing — what tests of this lesson and of later ones share: where a request's
 * prompt-cache breakpoints are, small builders for scripted turns, files for a workspace, and
 * the anatomy of the lesson a test builds on.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Lesson } from "@learn/core/harness";
import { loadScript } from "@learn/core/simulator";
import { scriptedAgent } from "@learn/core/testing";
import { expect } from "vitest";

/** The parts of a request body a breakpoint can sit in. */
export interface CacheableBody {
  tools?: readonly object[];
  system?: string | readonly object[];
  messages: readonly { content: string | readonly object[] }[];
}

/**
 * Where a request's breakpoints are: `tools.3`, `system.0`, `messages.4.2` (message 4, block
 * 2), `messages.4.2.0` (a block inside a tool_result's content).
 */
export function breakpointsOf(body: CacheableBody): string[] {
  const found: string[] = [];
  const has = (block: unknown) => typeof block === "object" && block !== null && "cache_control" in block;
  for (const [i, t] of (body.tools ?? []).entries()) if (has(t)) found.push(`tools.${i}`);
  if (Array.isArray(body.system)) for (const [i, b] of body.system.entries()) if (has(b)) found.push(`system.${i}`);
  for (const [i, m] of body.messages.entries()) {
    if (typeof m.content === "string") continue;
    for (const [j, b] of m.content.entries()) {
      if (has(b)) found.push(`messages.${i}.${j}`);
      const inner = (b as { content?: unknown }).content;
      if (Array.isArray(inner)) for (const [k, x] of inner.entries()) if (has(x)) found.push(`messages.${i}.${j}.${k}`);
    }
  }
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

/** What `lesson`'s agent is made of, in `cwd`: a later lesson's anatomy test adds to it. */
export async function anatomyOf(lesson: Lesson, cwd: string) {
  return (await scriptedAgent(lesson, "turns: [ { content: [ { type: text, text: hi } ] } ]", cwd)).agent.anatomy();
}

/** The first prompt of a lesson's first demo script (what `--print` is given in a CLI test). */
export async function demoPromptOf(lesson: Lesson): Promise<string> {
  const script = await loadScript(lesson.demoScripts[0]!);
  return Array.isArray(script.prompt) ? script.prompt[0]! : script.prompt!;
}

/** The requests of a trace file (`--trace`), in order, with the agent that sent each. */
export async function traceRequests<B = unknown>(file: string): Promise<{ agent?: string; body: B }[]> {
  const lines = (await readFile(file, "utf8")).trim().split("\n").map((l) => JSON.parse(l) as { type: string; agent?: string; body: B });
  return lines.filter((l) => l.type === "request");
}

/** The key went to the endpoint, and nowhere a person could read it afterwards: not the trace, not the screen. */
export async function expectKeyOnlyAtEndpoint(key: string, sentHeaders: unknown, trace: string, output: string): Promise<void> {
  expect(JSON.stringify(sentHeaders)).toContain(key);
  expect(await readFile(trace, "utf8")).not.toContain(key);
  expect(output).not.toContain(key);
}
