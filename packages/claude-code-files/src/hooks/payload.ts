/**
 * What a hook command reads on stdin: one JSON object, as Claude Code sends it.
 *
 *   { "session_id": "…", "transcript_path": "/tmp/learn-agent-hooks-<uid>/….jsonl", "cwd": "/ws",
 *     "permission_mode": "default", "hook_event_name": "PreToolUse",
 *     "tool_name": "Bash", "tool_input": { "command": "npm test" }, "tool_use_id": "toolu_…" }
 *
 * PostToolUse adds `tool_response` — the tool's own result, shaped as Claude Code's (below) —
 * and `duration_ms`, how long the tool ran; a call that failed gets PostToolUseFailure instead,
 * with `error` (what the model reads) and `is_interrupt`. SessionStart has `source` (`startup`,
 * `clear`, `compact` after a compaction), SessionEnd `reason` (`clear`, `other`). UserPromptSubmit has `prompt`; PreCompact
 * `trigger` (`manual` for /compact, `auto`) and `custom_instructions` (what followed /compact);
 * PostCompact `trigger` and `compact_summary` (the model's whole answer, its <analysis> too);
 * Notification `message` and `notification_type` (`permission_prompt`: a question waits); Stop (SubagentStop, for a
 * subagent of s05: with `agent_id`, `agent_type`, `agent_transcript_path`) has
 * `stop_hook_active` (true when a Stop hook already kept this turn going — a hook that blocks
 * every time should let go then). `transcript_path` is a file that exists: the conversation so
 * far, one message a line, written (secrets scrubbed) before the hooks run (transcript.ts).
 *
 * A tool call is shown as Claude Code would show it, so a hook script written for Claude Code
 * runs unchanged: write_file arrives as `"tool_name": "Write"` with an absolute `"file_path"`,
 * edit_file as `Edit` with `old_string` / `new_string` — from the tool's `permission.claudeCode`
 * declaration. A tool that declares none is sent under its own name and fields.
 *
 *   tool_response   Bash        { stdout, stderr, interrupted, isImage, noOutputExpected }   (the course's
 *                                                  bash merges stderr into stdout: stderr is "")
 *                   Read        { type: "text", file: { filePath, content, numLines, startLine, totalLines } }
 *                   Write       { filePath, content }
 *                   Edit        { filePath, oldString, newString, replaceAll, userModified }
 *                   any other   { content, is_error }: the text the model reads
 * (Claude Code's Write and Edit also carry the file before and a patch: the course's tools do not keep them.)
 *
 * Inside a subagent (s05) every payload carries the lead's `session_id`, and `agent_id` / `agent_type`;
 * Stop and SubagentStop carry `last_assistant_message`, the text of the answer that stops.
 */
import { resolve } from "node:path";
import type { ClaudeCodeName, ToolCall, ToolOutcome } from "@learn/core";
import type { CommandHookEvent } from "./config.ts";

/** What stays the same for every hook of one agent. */
export interface HookSession {
  sessionId: string;
  cwd: string;
  permissionMode: string;
  /** The conversation, as a file a hook may read (transcript.ts). */
  transcriptPath: string;
  /** Set for a subagent (s05): every payload says which agent it comes from. */
  agent?: { id: string; type: string };
}

export type EventDetails =
  | { event: "SessionStart"; source: "startup" | "clear" | "compact" }
  | { event: "UserPromptSubmit"; prompt: string }
  | { event: "PreToolUse"; call: ToolCall }
  | { event: "PostToolUse" | "PostToolUseFailure"; call: ToolCall; outcome: ToolOutcome; durationMs?: number }
  | { event: "Stop" | "SubagentStop"; continuations: number; lastAssistantMessage: string }
  | { event: "SessionEnd"; reason: "clear" | "other" }
  | { event: "PreCompact"; trigger: "manual" | "auto"; customInstructions: string }
  | { event: "PostCompact"; trigger: "manual" | "auto"; compactSummary: string }
  | { event: "Notification"; message: string; notificationType: string };

/** The "no output" the course's bash tool says instead of an empty result (s01). */
const NO_OUTPUT = "(no output)";

export function payloadOf(session: HookSession, details: EventDetails): Record<string, unknown> {
  const common = {
    session_id: session.sessionId,
    transcript_path: session.transcriptPath,
    cwd: session.cwd,
    permission_mode: session.permissionMode,
    hook_event_name: details.event satisfies CommandHookEvent,
    ...(session.agent ? { agent_id: session.agent.id, agent_type: session.agent.type } : {}),
  };
  switch (details.event) {
    case "SessionStart":
    case "SessionEnd": {
      // Claude Code sends no permission mode with these: the session is not judging a call.
      const { permission_mode: _mode, ...session } = common;
      return details.event === "SessionStart" ? { ...session, source: details.source } : { ...session, reason: details.reason };
    }
    case "UserPromptSubmit":
      return { ...common, prompt: details.prompt };
    case "PreCompact":
      return { ...common, trigger: details.trigger, custom_instructions: details.customInstructions };
    case "PostCompact":
      return { ...common, trigger: details.trigger, compact_summary: details.compactSummary };
    case "Notification":
      return { ...common, message: details.message, notification_type: details.notificationType };
    case "PreToolUse":
      return { ...common, ...toolFields(details.call, session.cwd) };
    case "PostToolUse":
    case "PostToolUseFailure": {
      const duration = details.durationMs === undefined ? {} : { duration_ms: details.durationMs };
      const result = details.event === "PostToolUse" ? { tool_response: toolResponse(details.call, details.outcome, session.cwd) } : { error: details.outcome.content.replace(/^Error: /, ""), is_interrupt: false };
      return { ...common, ...toolFields(details.call, session.cwd), ...result, ...duration };
    }
    case "Stop":
    case "SubagentStop": {
      const stop = { ...common, stop_hook_active: details.continuations > 0, last_assistant_message: details.lastAssistantMessage };
      return details.event === "Stop" ? stop : { ...stop, agent_transcript_path: session.transcriptPath };
    }
  }
}

function toolFields(call: ToolCall, cwd: string) {
  const claude = call.tool.permission?.claudeCode;
  const input = toClaudeCode(call.input, claude);
  // Claude Code's file tools take absolute paths: a hook compares file_path with absolute ones.
  if (claude && typeof input.file_path === "string") input.file_path = resolve(cwd, input.file_path);
  return { tool_name: claude?.name ?? call.name, tool_input: input, tool_use_id: call.id };
}

/** What the tool returned, in the shape Claude Code's hooks get for the same tool. */
function toolResponse(call: ToolCall, outcome: ToolOutcome, cwd: string): Record<string, unknown> {
  const input = call.input as { path?: unknown; content?: unknown; old_text?: unknown; new_text?: unknown; replace_all?: unknown };
  const filePath = typeof input.path === "string" ? resolve(cwd, input.path) : undefined;
  switch (call.tool.permission?.claudeCode?.name) {
    case "Bash":
      return { stdout: outcome.content === NO_OUTPUT ? "" : outcome.content, stderr: "", interrupted: false, isImage: false, noOutputExpected: false };
    case "Read":
      return { type: "text", file: readFile(filePath, outcome.content, call.input.offset) };
    case "Write":
      return { filePath, content: input.content };
    case "Edit":
      return { filePath, oldString: input.old_text, newString: input.new_text, replaceAll: input.replace_all === true, userModified: false };
    default:
      return { content: outcome.content, is_error: outcome.isError };
  }
}

/**
 * Read's `file`, from what the model read: s02's read_file numbers each line (`     3\tx`) and
 * ends a window with `... (N more lines)`; Claude Code's hooks get the bare lines and the counts.
 */
function readFile(filePath: string | undefined, read: string, offset: unknown) {
  const rest = /\n\.\.\. \((\d+) more lines\)$/.exec(read);
  const lines = (rest ? read.slice(0, rest.index) : read).split("\n").map((line) => line.replace(/^ *\d+\t/, ""));
  const startLine = typeof offset === "number" ? offset : 1;
  return { filePath, content: lines.join("\n"), numLines: lines.length, startLine, totalLines: startLine - 1 + lines.length + Number(rest?.[1] ?? 0) };
}

/** Our input, with Claude Code's field names: `{ path }` → `{ file_path }`. */
export function toClaudeCode(input: Record<string, unknown>, claude: ClaudeCodeName | undefined): Record<string, unknown> {
  return renamed(input, claude?.fields ?? {});
}

/** An input in Claude Code's field names (a hook's `updatedInput`), back in ours. */
export function fromClaudeCode(input: Record<string, unknown>, claude: ClaudeCodeName | undefined): Record<string, unknown> {
  const reversed = Object.fromEntries(Object.entries(claude?.fields ?? {}).map(([ours, theirs]) => [theirs, ours]));
  return renamed(input, reversed);
}

function renamed(input: Record<string, unknown>, names: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [Object.hasOwn(names, key) ? names[key]! : key, value]));
}
