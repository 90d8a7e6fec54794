/**
 * `@path` in a command's text: the file is attached to the prompt, as Claude Code does — read
 * before the turn, so the model starts with it instead of spending a round on a read. The text
 * keeps the `@path` as written; the file goes before it, framed as Claude Code frames it (with
 * the course's own tool and field names):
 *
 *   <system-reminder>
 *   Called the read_file tool with the following input: {"path":"notes.txt"}
 *   </system-reminder>
 *   <system-reminder>
 *   Result of calling the read_file tool:
 *        1	the file, as read_file shows it
 *   </system-reminder>
 *
 * No model is in the loop, so each read passes the policy a read_file call of the model would
 * (a secret file, a path outside the workspace): judged first, all of them, and a read that is
 * not allowed means no turn starts — the user reads why. A `@word` that names no file is text.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import type { AgentContext, Tool, ToolCall } from "@learn/core";
import type { Decision } from "@learn/s03";

/** `@` at the start or after a space, then a path (no spaces). */
const FILE_MENTION = /(?:^|\s)@([^\s@`]+)/g;

export interface MentionDeps {
  /** The agent's read_file tool: the read is judged, and made, as the model's own would be. */
  read: Tool | undefined;
  judge(call: ToolCall): Promise<Decision>;
  ctx: AgentContext;
}

/** The files `text` mentions that exist, each once, in order (a trailing `.` or `,` is punctuation). */
export async function mentionedFiles(text: string, cwd: string): Promise<string[]> {
  const paths = [...new Set([...text.matchAll(FILE_MENTION)].map((m) => m[1]!.replace(/[.,;:!?)]+$/, "")))];
  const files = await Promise.all(paths.map(async (p) => ((await stat(path.resolve(cwd, p)).catch(() => undefined))?.isFile() ? p : undefined)));
  return files.filter((p): p is string => p !== undefined);
}

/** The reminders that attach `files`, or why one may not be read (then none is). */
export async function attachedFiles(files: readonly string[], deps: MentionDeps): Promise<{ text: string } | { failure: string }> {
  if (files.length === 0) return { text: "" };
  const { read } = deps;
  if (!read) return { failure: `@${files[0]} needs a read_file tool, and this agent has none` };
  const calls = files.map((file, i): ToolCall => ({ id: `mention_${i}`, name: read.name, input: { path: file }, tool: read }));
  for (const call of calls) {
    const decision = await deps.judge(call);
    if (decision.behavior !== "allow") return { failure: `@${String(call.input.path)} may not be read: ${decision.reason}` };
  }
  const parts: string[] = [];
  for (const call of calls) {
    const outcome = await read.execute(call.input, deps.ctx);
    if (outcome.isError) return { failure: `@${String(call.input.path)} could not be read: ${outcome.content}` };
    parts.push(reminder(`Called the ${read.name} tool with the following input: ${JSON.stringify(call.input)}`), reminder(`Result of calling the ${read.name} tool:\n${outcome.content}`));
  }
  return { text: parts.join("\n") };
}

const reminder = (text: string) => `<system-reminder>\n${text}\n</system-reminder>`;
