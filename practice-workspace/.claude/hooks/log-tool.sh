# A PreToolUse command hook (see .claude/settings.json): append every tool call the model makes
# to .claude/tool-log.jsonl, one JSON line each — the event exactly as the hook reads it.
#
# The contract is Claude Code's: the event arrives as one line of JSON on stdin (session_id,
# cwd, hook_event_name, tool_name, tool_input, tool_use_id...); exit 0 lets the call go on,
# exit 2 would block it with stderr as the reason. As in Claude Code, it runs before the
# permission check, so the log holds the calls the rules then refuse too (a PostToolUse hook
# would see only the calls that ran). The hook runs in the workspace.
#
# A shell script, not a Node one: it runs before every tool call, and starting sh takes a few
# milliseconds where starting node takes a hundred or more.
printf '%s\n' "$(cat)" >> .claude/tool-log.jsonl
