/**
 * The format of `<workspace>/.claude/settings.json` — the parts the course reads, in
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
 * This file checks a rule and a mode; load.ts reads `permissions` entry by entry, and `hooks`
 * is checked by hooks/config.ts. A rule that does not parse is a validation error with
 * its place in the file (`permissions.allow[2]`), like a wrong type.
 */
import { z } from "zod";
import { parseRule, type Rule } from "../rules/rule.ts";
import { PERMISSION_MODES } from "./permission-modes.ts";

export { SETTINGS_FILE } from "./files.ts";

/** One rule: a string that parses as `Tool` or `Tool(specifier)`. */
export const ruleSchema = z.string("a rule must be a string").transform((text, ctx): Rule => {
  try {
    return parseRule(text);
  } catch (err) {
    ctx.addIssue({ code: "custom", message: `"${text}": ${(err as Error).message}` });
    return z.NEVER;
  }
});

/** Claude Code also accepts "manual" for the default mode. */
export const modeSchema = z.preprocess((v) => (v === "manual" ? "default" : v), z.enum(PERMISSION_MODES, `expected one of ${PERMISSION_MODES.join(", ")}`));

/** The keys of `permissions` the course reads; others (additionalDirectories...) are reported as ignored. */
export const PERMISSION_KEYS = ["allow", "ask", "deny", "defaultMode", "disableBypassPermissionsMode"] as const;
