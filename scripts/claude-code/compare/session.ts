/**
 * A scripted session of tool calls, run through one harness, read back per call: the
 * tool_result's text (from the requests the harness sent next) and whether a watched file
 * changed. Both harnesses get the same calls, in the same order, one per model turn.
 */
import { createHash } from "node:crypto";
import { lstat, readFile } from "node:fs/promises";
import path from "node:path";
import type { RecordedRequest, Script } from "@learn/core/simulator";
import { runSession, type ChildScript, type HarnessRun, type Mode, type SessionResult } from "./run-harness.ts";
import { spell, type Step } from "./steps.ts";
import { sessionFolder, type SessionFolder } from "./workspace.ts";

export interface CallSpec {
  step: Step;
  /** Files (relative to the workspace) whose change means the call ran. */
  watch?: string[];
  /** Turns served right after this call's (a subagent's answer). */
  then?: Script["turns"];
}

export interface CallResult {
  text: string | undefined;
  isError: boolean;
  changed: boolean;
}

export interface SessionSpec {
  calls: CallSpec[];
  settings: object;
  mode: Mode;
  /** Files made before the session: canaries and whatever the case needs (skills, commands, hooks). */
  files?: Record<string, string>;
  /** Symlinks committed with the workspace, name → target. */
  links?: Record<string, string>;
  prompt?: string;
  env?: Record<string, string>;
  /** Extra command-line arguments for the course / for Claude Code. */
  args?: { course?: string[]; claudeCode?: string[] };
  /** Answer summary requests (compaction) aside, from their own script, whenever they come. */
  summarise?: boolean;
  /** A subagent's own script, for requests whose system prompt carries its marker. */
  child?: ChildScript;
  /** Look at the folder after the run, before it is deleted. */
  inspect?: (folder: SessionFolder, result: SessionResult) => Promise<Record<string, unknown>>;
}

export interface SessionOutput {
  calls: CallResult[];
  result: SessionResult;
  inspected: Record<string, unknown>;
}

export const CLOSING_ANSWER = "Comparison session finished.";

export async function runCalls(run: HarnessRun, spec: SessionSpec): Promise<SessionOutput> {
  const folder = await sessionFolder({ settings: spec.settings, files: spec.files, links: spec.links });
  try {
    const watched = spec.calls.map((call) => call.watch ?? []);
    const before = await Promise.all(watched.map((files) => Promise.all(files.map((f) => fingerprint(path.resolve(folder.ws, f))))));
    const script: Script = {
      turns: [
        ...spec.calls.flatMap((call) => [{ content: [{ type: "tool_use" as const, ...spell(call.step, run.harness, folder.ws) }] }, ...(call.then ?? [])]),
        // More than once: a harness may speak again after the last call (a background agent's report).
        { repeat: 5, content: [{ type: "text" as const, text: CLOSING_ANSWER }] },
      ],
    };
    const args = run.harness === "course" ? spec.args?.course : spec.args?.claudeCode;
    const result = await runSession(run, folder, script, { mode: spec.mode, prompt: spec.prompt ?? "Run the comparison's checks.", env: spec.env, args, summarise: spec.summarise, child: spec.child });
    const after = await Promise.all(watched.map((files) => Promise.all(files.map((f) => fingerprint(path.resolve(folder.ws, f))))));
    const ids = toolUseIds(result.requests);
    const calls = spec.calls.map((_, i) => {
      const found = toolResult(result.requests, ids[i]);
      return { text: found?.text, isError: found?.isError ?? false, changed: before[i]!.some((print, j) => print !== after[i]![j]) };
    });
    const inspected = (await spec.inspect?.(folder, result)) ?? {};
    return { calls, result, inspected };
  } finally {
    await folder.cleanup();
  }
}

/** The canary files to make (a name with no extension is a folder: its key ends with "/"). */
export function canaryFiles(paths: string[]): Record<string, string> {
  return Object.fromEntries(paths.map((p) => (path.extname(p) === "" ? [`${p}/`, ""] : [p, "canary\n"])));
}

/** Absent, a folder, a link, or a file's content hash and mode. */
async function fingerprint(file: string): Promise<string> {
  const stat = await lstat(file).catch(() => undefined);
  if (!stat) return "absent";
  if (stat.isDirectory()) return "dir";
  if (stat.isSymbolicLink()) return "link";
  const hash = createHash("sha256").update(await readFile(file)).digest("hex");
  return `${hash}:${stat.mode.toString(8)}`;
}

/** The ids of the tool calls the simulator answered with, in order. */
export function toolUseIds(requests: RecordedRequest[]): string[] {
  return requests.flatMap((r) => {
    const content = (r.response as { content?: { type: string; id?: string }[] } | undefined)?.content ?? [];
    return r.status === 200 ? content.filter((b) => b.type === "tool_use").map((b) => b.id!) : [];
  });
}

type Block = { type: string; text?: string; tool_use_id?: string; content?: unknown; is_error?: boolean };

/**
 * The result of call `id` as the harness first sent it back: later requests may carry it
 * shortened (the course's micro-compaction replaces old results with a placeholder).
 */
export function toolResult(requests: RecordedRequest[], id: string | undefined): { text: string; isError: boolean } | undefined {
  if (id === undefined) return undefined;
  for (const request of requests) {
    const messages = (request.body as { messages?: { content: unknown }[] } | undefined)?.messages ?? [];
    for (const message of messages) {
      if (!Array.isArray(message.content)) continue;
      const block = (message.content as Block[]).find((b) => b.type === "tool_result" && b.tool_use_id === id);
      if (block) return { text: textOf(block.content), isError: block.is_error === true };
    }
  }
  return undefined;
}

export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as Block[]).map((b) => (b.type === "text" ? (b.text ?? "") : b.type === "tool_reference" ? `[tool_reference]` : "")).join("\n");
}
