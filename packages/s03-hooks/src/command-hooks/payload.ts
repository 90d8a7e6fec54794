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
 * `transcript_path` is null: this lesson keeps no transcript file (s07 writes one).
 * Tool names are ours (`bash`, `write_file`), not Claude Code's.
 */
import type { ToolCall, ToolOutcome } from "@learn/core";
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
  return { tool_name: call.name, tool_input: call.input, tool_use_id: call.id };
}
