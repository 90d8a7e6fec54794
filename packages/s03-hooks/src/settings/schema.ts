/**
 * The format of `<workspace>/.claude/settings.json` — the parts this lesson reads, in
 * Claude Code's shape. Other keys (Claude Code has many) are left alone.
 *
 *   {
 *     "permissions": {
 *       "allow": ["Bash(npm test *)", "Read(src/**)"],
 *       "ask":   ["Bash(git push *)"],
 *       "deny":  ["Bash(rm *)", "Read(./.env)"],
 *       "defaultMode": "default"
 *     },
 *     "hooks": { "PostToolUse": [ { "matcher": "*", "hooks": [ { "type": "command", "command": "..." } ] } ] }
 *   }
 *
 * This file checks `permissions`; `hooks` is checked by command-hooks/config.ts. Rules are
 * parsed right here, so a rule that does not parse is a validation error with its place in
 * the file (`permissions.allow[2]`), like a wrong type.
 */
import { z } from "zod";
import { PERMISSION_MODES } from "../permissions/modes.ts";
import { parseRule, type Rule } from "../permissions/rule.ts";

export const SETTINGS_FILE = ".claude/settings.json";

/** One rule: a string that parses as `Tool` or `Tool(specifier)`. */
export const ruleSchema = z.string("a rule must be a string").transform((text, ctx): Rule => {
  try {
    return parseRule(text);
  } catch (err) {
    ctx.addIssue({ code: "custom", message: `"${text}": ${(err as Error).message}` });
    return z.NEVER;
  }
});

const ruleList = z.array(ruleSchema, "expected a list of rules").optional();

export const permissionsSchema = z.looseObject({
  allow: ruleList,
  ask: ruleList,
  deny: ruleList,
  defaultMode: z.enum(PERMISSION_MODES, `expected one of ${PERMISSION_MODES.join(", ")}`).optional(),
});
