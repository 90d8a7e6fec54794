/**
 * The `hooks` section of .claude/settings.json, in Claude Code's format:
 *
 *   "hooks": {
 *     "PreToolUse": [
 *       { "matcher": "bash|write_file",
 *         "hooks": [ { "type": "command", "command": "node .claude/hooks/check.js", "timeout": 60 } ] }
 *     ]
 *   }
 *
 * `matcher` is a regular expression over tool names (whole name; empty or "*" matches every
 * tool), ours or Claude Code's: `bash` and `Bash` both pick bash, `Edit|Write` picks edit_file
 * and write_file. SessionStart's matches how the session started (`startup`, `clear`, `compact`),
 * SessionEnd's why it ended; a UserPromptSubmit or Stop hook runs whatever its matcher says.
 */
import { z } from "zod";
import { parseRule, type Rule } from "../rules/rule.ts";
import { namesOf } from "../rules/tool-names.ts";
import type { Tool } from "@learn/core";

export const COMMAND_HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "Notification",
  "Stop",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "SessionEnd",
] as const;
export type CommandHookEvent = (typeof COMMAND_HOOK_EVENTS)[number];

/** A hook command gets this long (seconds) unless its entry says otherwise. */
export const DEFAULT_HOOK_TIMEOUT_S = 60;

export interface CommandHookSpec {
  command: string;
  timeoutSeconds: number;
  /** The `timeout` its entry set, if it set one (SessionEnd's budget counts only those: session-end-budget.ts). */
  configuredTimeoutSeconds?: number;
  /** `"if"`: run only for tool calls this rule matches. */
  if?: Rule;
}

/** The events that judge a tool call: the only ones where a hook's `if` can be evaluated. */
export const TOOL_EVENTS: ReadonlySet<CommandHookEvent> = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);

export interface HookMatcherSpec {
  /** As written, for /permissions and messages. */
  matcher: string;
  /** Our tool name, and Claude Code's (and its former ones) when the tool declares them. */
  matches(tool: string, declared?: Pick<Tool, "permission">): boolean;
  hooks: CommandHookSpec[];
}

export type HookConfig = Partial<Record<CommandHookEvent, HookMatcherSpec[]>>;

const commandHook = z
  .object({
    type: z.literal("command", 'only "type": "command" hooks are supported'),
    command: z.string().min(1, "the command is empty"),
    timeout: z.number().positive("timeout is in seconds and must be positive").optional(),
    if: z.string().optional(),
  })
  .transform((h, ctx): CommandHookSpec => {
    const spec = { command: h.command, timeoutSeconds: h.timeout ?? DEFAULT_HOOK_TIMEOUT_S, ...(h.timeout === undefined ? {} : { configuredTimeoutSeconds: h.timeout }) };
    if (h.if === undefined) return spec;
    try {
      return { ...spec, if: parseRule(h.if) };
    } catch (err) {
      ctx.addIssue({ code: "custom", path: ["if"], message: `"${h.if}" is not a permission rule: ${(err as Error).message}` });
      return z.NEVER;
    }
  });

/** One `{ matcher, hooks }` entry; the matcher is compiled (and checked) here. */
export const hookMatcherSchema = z
  .object({
    matcher: z.string().optional(),
    hooks: z.array(commandHook).min(1, "a matcher entry needs at least one hook"),
  })
  .transform((entry, ctx): HookMatcherSpec => {
    const matcher = entry.matcher ?? "";
    try {
      return { matcher, matches: toolMatcher(matcher), hooks: entry.hooks };
    } catch (err) {
      ctx.addIssue({ code: "custom", path: ["matcher"], message: `"${matcher}" is not a valid regular expression: ${(err as Error).message}` });
      return z.NEVER;
    }
  });

export function isCommandHookEvent(event: string): event is CommandHookEvent {
  return (COMMAND_HOOK_EVENTS as readonly string[]).includes(event);
}

/**
 * A matcher over tool names: the whole name must match, ours or Claude Code's. Without a
 * declared Claude Code name, the names Claude Code uses for the same job count.
 */
export function toolMatcher(matcher: string): (tool: string, declared?: Pick<Tool, "permission">) => boolean {
  if (matcher === "" || matcher === "*") return () => true;
  const regex = new RegExp(`^(?:${matcher})$`);
  return (tool, declared) => namesOf(tool, declared).some((name) => regex.test(name));
}
