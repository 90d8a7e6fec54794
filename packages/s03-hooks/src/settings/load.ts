/**
 * Loading .claude/settings.json — and what happens when it is wrong.
 *
 * A broken policy file is dangerous in a quiet way: if a deny rule has a typo and we simply
 * skip it, the session runs looser than its owner believes. So a problem is always shown
 * (naming the file, the place and the rule), and the session starts *stricter*, never looser:
 *
 *   the file is missing            nothing to load (that is normal)
 *   unreadable, not a regular      the session does not start: a ConfigError names the file (and,
 *   file, not valid JSON,          for JSON, the line and the column). We cannot tell what it
 *   or not an object               meant to forbid. A named pipe there is refused at once by
 *                                  core's reader, not waited on: waiting would hang the session.
 *   a problem in `permissions`     keep the deny and ask rules that parsed (they only restrict),
 *                                  drop EVERY allow rule and a non-plan defaultMode, and mark the
 *                                  settings degraded (the agent then refuses loosening modes)
 *   a problem in `hooks`           keep the hook entries that are valid, drop the broken ones
 *
 * Fix the file and start a new session to get the rest back.
 */
import path from "node:path";
import { ConfigError, jsonErrorPlace, readFailure, readRegularText } from "@learn/core/harness";
import type { z } from "zod";
import { hookMatcherSchema, hooksSchema, type HookConfig } from "../command-hooks/config.ts";
import type { PermissionMode } from "../permissions/modes.ts";
import type { Rule, RuleList } from "../permissions/rule.ts";
import { permissionsSchema, ruleSchema, SETTINGS_FILE } from "./schema.ts";

export interface Settings {
  /** The file's absolute path (it may not exist). */
  file: string;
  rules: Record<RuleList, Rule[]>;
  defaultMode?: PermissionMode;
  hooks: HookConfig;
  /** What was wrong, one line each, naming the file and the place. */
  problems: string[];
  /** The permissions could not be read in full: only what restricts was kept. */
  degraded: boolean;
}

const noRules = (): Record<RuleList, Rule[]> => ({ deny: [], ask: [], allow: [] });

/** Load the workspace's settings; throws a ConfigError when the file exists but is unusable. */
export async function loadSettings(cwd: string): Promise<Settings> {
  const file = path.join(cwd, SETTINGS_FILE);
  const settings: Settings = { file, rules: noRules(), hooks: {}, problems: [], degraded: false };
  let text: string;
  try {
    text = await readRegularText(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return settings;
    throw unusable(file, `cannot be read (${readFailure(err)})`);
  }
  const json = parseJson(file, text.replace(/^\uFEFF/, ""));
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw unusable(`${file}:1:1`, `must hold a JSON object, not ${Array.isArray(json) ? "a list" : json === null ? "null" : `a ${typeof json}`}`);
  }

  const { permissions, hooks } = json as { permissions?: unknown; hooks?: unknown };
  readPermissions(settings, permissions);
  readHooks(settings, hooks);
  return settings;
}

/** A policy file we cannot read is not guessed around: the session does not start. */
function unusable(where: string, what: string): ConfigError {
  return new ConfigError(`${where}: the settings file ${what}. Fix it and start again: no session runs on a policy it cannot read.`);
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const { line, column, message } = jsonErrorPlace(text, err as Error);
    throw unusable(`${file}:${line}:${column}`, `is not valid JSON (${message})`);
  }
}

function readPermissions(settings: Settings, value: unknown): void {
  if (value === undefined) return;
  const parsed = permissionsSchema.safeParse(value);
  if (parsed.success) {
    const { deny = [], ask = [], allow = [], defaultMode } = parsed.data;
    settings.rules = { deny, ask, allow };
    settings.defaultMode = defaultMode;
    return;
  }
  settings.problems.push(...describeIssues(settings.file, parsed.error, value, ["permissions"]));
  settings.degraded = true;
  // Keep only what restricts: the deny and ask rules that parse on their own, and plan mode.
  const raw = value as { deny?: unknown; ask?: unknown; defaultMode?: unknown };
  settings.rules = { deny: validEntries(ruleSchema, raw.deny), ask: validEntries(ruleSchema, raw.ask), allow: [] };
  if (raw.defaultMode === "plan") settings.defaultMode = "plan";
}

function readHooks(settings: Settings, value: unknown): void {
  if (value === undefined) return;
  const parsed = hooksSchema.safeParse(value);
  if (parsed.success) {
    settings.hooks = parsed.data;
    return;
  }
  settings.problems.push(...describeIssues(settings.file, parsed.error, value, ["hooks"]));
  // Keep the entries that are valid on their own: a broken logging hook should not take a
  // working guard hook down with it.
  if (typeof value !== "object" || value === null) return;
  for (const [event, entries] of Object.entries(value)) {
    if (!(event in hooksSchema.shape)) continue;
    const valid = validEntries(hookMatcherSchema, entries);
    if (valid.length > 0) settings.hooks[event as keyof HookConfig] = valid;
  }
}

/** The elements of `list` that pass `schema` on their own. */
function validEntries<T>(schema: z.ZodType<T>, list: unknown): T[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** `/ws/.claude/settings.json: permissions.defaultMode: expected one of ... (got "yolo")` */
function describeIssues(file: string, error: z.ZodError, value: unknown, prefix: (string | number)[]): string[] {
  return error.issues.map((issue) => {
    const at = [...prefix, ...issue.path] as (string | number)[];
    const got = valueAt(value, issue.path as (string | number)[]);
    const shown = typeof got === "string" && !issue.message.includes(`"${got}"`) ? ` (got "${got}")` : "";
    return `${file}: ${placeOf(at)}: ${issue.message}${shown}`;
  });
}

function valueAt(value: unknown, at: readonly (string | number)[]): unknown {
  return at.reduce<unknown>((v, key) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined), value);
}

/** ["permissions", "allow", 2] → "permissions.allow[2]" */
function placeOf(at: readonly (string | number)[]): string {
  return at.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");
}
