// A PreToolUse command hook (see .claude/settings.json): append every tool call that is
// about to run to .claude/tool-log.jsonl, one JSON line each.
//
// The contract is Claude Code's: the event arrives as JSON on stdin (session_id, cwd,
// hook_event_name, tool_name, tool_input, tool_use_id...); exit 0 lets the call go on,
// exit 2 would block it with stderr as the reason. Calls the permission rules deny never
// get this far, so the log holds exactly the calls that ran.
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";

const event = JSON.parse(readFileSync(0, "utf8"));
const line = JSON.stringify({ tool: event.tool_name, input: event.tool_input });
appendFileSync(path.join(event.cwd, ".claude", "tool-log.jsonl"), `${line}\n`);
