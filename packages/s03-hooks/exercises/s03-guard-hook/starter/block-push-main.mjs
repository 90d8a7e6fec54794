// A PreToolUse command hook: block `git push` to main. YOUR hook.
// Read README.md, "Exercises" (1), and practice-workspace/.claude/hooks/log-tool.sh.
//
// The contract (Claude Code's): the harness runs this file before each Bash call, with the
// event as JSON on stdin — { "hook_event_name": "PreToolUse", "tool_name": "Bash",
// "tool_input": { "command": "git push origin main" }, ... }.
//   exit 0          let the call go on
//   exit 2          block it; what you wrote to stderr is the reason the model reads
// The check registers this file for Bash in a temporary workspace's .claude/settings.json, as
// you would in practice-workspace/.claude/settings.json to try it by hand.
// Check your work: pnpm exercise check s03-guard-hook
import { readFileSync } from "node:fs";

const event = JSON.parse(readFileSync(0, "utf8"));
// TODO: look at event.tool_input.command; when it pushes to main, say why on stderr and exit 2.
void event;
process.exit(0);
