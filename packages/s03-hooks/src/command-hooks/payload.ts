/**
 * What a hook command reads on stdin: one JSON object, Claude Code's field names.
 *
 *   { "session_id": "…", "transcript_path": null, "cwd": "/path/to/workspace",
 *     "permission_mode": "default", "hook_event_name": "PreToolUse",
 *     "tool_name": "bash", "tool_input": { "command": "npm test" }, "tool_use_id": "toolu_…" }
 *
 * PostToolUse adds `tool_response` ({ content, is_error }: what the model will read);
 * UserPromptSubmit has `prompt`; Stop has `stop_hook_active` (true when a Stop hook already
 * kept this turn going — a hook that blocks every time should let go then).
 * `transcript_path` is null: this lesson keeps no transcript file.
 *
 * A tool call is shown as Claude Code would show it, so a hook script written for Claude Code
 * runs unchanged: write_file arrives as `"tool_name": "Write"` with `"file_path"`, edit_file as
 * `Edit` with `old_string` / `new_string` — from the tool's `permission.claudeCode` declaration. A tool
 * that declares none is sent under its own name and fields.
 */
import type { ClaudeCodeName, ToolCall, ToolOutcome } from "@learn/core";
import type { CommandHookEvent } from "./config.ts";

/** What stays the same for every hook of one agent. */
export interface HookSession {
  sessionId: string;
  cwd: string;
  permissionMode: string;
}

export type EventDetails =
  | { event: "UserPromptSubmit"; prompt: string }
  | { event: "PreToolUse"; call: ToolCall }
  | { event: "PostToolUse"; call: ToolCall; outcome: ToolOutcome }
  | { event: "Stop"; continuations: number };

export function payloadOf(session: HookSession, details: EventDetails): Record<string, unknown> {
  const common = {
    session_id: session.sessionId,
    transcript_path: null,
    cwd: session.cwd,
    permission_mode: session.permissionMode,
    hook_event_name: details.event satisfies CommandHookEvent,
  };
  switch (details.event) {
    case "UserPromptSubmit":
      return { ...common, prompt: details.prompt };
    case "PreToolUse":
      return { ...common, ...toolFields(details.call) };
    case "PostToolUse":
      return {
        ...common,
        ...toolFields(details.call),
        tool_response: { content: details.outcome.content, is_error: details.outcome.isError },
      };
    case "Stop":
      return { ...common, stop_hook_active: details.continuations > 0 };
  }
}

function toolFields(call: ToolCall) {
  const claude = call.tool.permission?.claudeCode;
  return { tool_name: claude?.name ?? call.name, tool_input: toClaudeCode(call.input, claude), tool_use_id: call.id };
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
