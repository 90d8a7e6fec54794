/**
 * Loading the settings files (files.ts: the user's, the project's, the local one) — and what
 * happens when one is wrong.
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
 *   an allow rule that does not    that rule is dropped, and only it: an allow rule only loosens
 *   parse
 *   a deny or ask rule, or the     keep the deny and ask rules that parsed (they only restrict),
 *   defaultMode, that does not     drop EVERY allow rule and a non-plan defaultMode, and mark the
 *   parse                          settings degraded (the agent then refuses loosening modes)
 *   a problem in `hooks`           keep the hook entries that are valid, drop the broken ones
 *
 * What is valid for Claude Code but has nothing to act on here — a top-level key such as `env`
 * or `model`, a rule for a tool the course lacks (`WebFetch(domain:…)`, `mcp__…`), a hook event
 * the course has no moment for — is kept out of the way and listed as `ignored`, never a problem.
 *
 * Fix the file and start a new session to get the rest back.
 */
import type { SettingsHonoured } from "@learn/core";
import { ConfigError, jsonErrorPlace, readFailure, readRegularText } from "@learn/core/harness";
import type { z } from "zod";
import { hookMatcherSchema, isCommandHookEvent, TOOL_EVENTS, type HookConfig, type HookMatcherSpec } from "../hooks/config.ts";
import { RULE_LISTS, type Rule, type RuleList } from "../rules/rule.ts";
import type { PermissionMode } from "./permission-modes.ts";
import { settingsPlaces, type SettingsPlace } from "./files.ts";
import { modeSchema, PERMISSION_KEYS, ruleSchema } from "./schema.ts";

/** What settings say, one file's or all of them merged. */
interface SettingsContent {
  rules: Record<RuleList, Rule[]>;
  defaultMode?: PermissionMode;
  /** `permissions.disableBypassPermissionsMode: "disable"` (a restriction: any file may set it). */
  bypassDisabled: boolean;
  hooks: HookConfig;
  /** What was wrong, one line each, naming the file and the place. */
  problems: string[];
  /** What Claude Code reads there and the course does not (a key, an inert rule), one line each. */
  ignored: string[];
  /** The permissions could not be read in full: only what restricts was kept. */
  degraded: boolean;
}

/** What one settings file says. */
export interface SettingsFile extends SettingsPlace, SettingsContent {}

/** The settings a session runs with: every file's, merged as Claude Code merges them. */
export interface Settings extends SettingsContent {
  /** The files that exist, least specific first. */
  files: SettingsFile[];
}

/** The top-level keys the course reads; any other is reported as ignored. */
const READ_KEYS: ReadonlySet<string> = new Set(["permissions", "hooks", "$schema"]);

/** A lesson with no later mechanism that honours more (s13 honours the MCP keys and `mcp__` rules: core's SettingsHonoured). */
const NOTHING_MORE: SettingsHonoured = { keys: [], rulePrefixes: [] };

const noRules = (): Record<RuleList, Rule[]> => ({ deny: [], ask: [], allow: [] });

/**
 * Load and merge the settings files; throws a ConfigError when one exists but is unusable.
 * `userDir`: the user's Claude Code folder (core's `userClaudeDir()`).
 */
export async function loadSettings(cwd: string, userDir: string, honoured: SettingsHonoured = NOTHING_MORE): Promise<Settings> {
  const files: SettingsFile[] = [];
  for (const place of settingsPlaces(cwd, userDir)) {
    const file = await loadSettingsFile(place, honoured);
    if (file) files.push(file);
  }
  return merged(files);
}

/** Claude Code's merge: rules and hooks from every file; defaultMode from the most specific file that sets one. */
function merged(files: SettingsFile[]): Settings {
  const rules = noRules();
  const hooks: HookConfig = {};
  for (const f of files) {
    for (const list of RULE_LISTS) rules[list].push(...f.rules[list]);
    for (const [event, entries] of Object.entries(f.hooks) as [keyof HookConfig, HookMatcherSpec[]][]) hooks[event] = [...(hooks[event] ?? []), ...entries];
  }
  const degraded = files.some((f) => f.degraded);
  // One broken file is enough to drop every allow rule: the deny rule it lost may be the one that mattered.
  if (degraded) rules.allow = [];
  const defaultMode = files.findLast((f) => f.defaultMode !== undefined)?.defaultMode;
  return {
    files,
    rules,
    ...(defaultMode === undefined ? {} : { defaultMode }),
    bypassDisabled: files.some((f) => f.bypassDisabled),
    hooks,
    problems: files.flatMap((f) => f.problems),
    ignored: files.flatMap((f) => f.ignored.map((what) => `${f.shown}: ${what}`)),
    degraded,
  };
}

/** One file: undefined when it does not exist; throws a ConfigError when it exists but is unusable. */
export async function loadSettingsFile(place: SettingsPlace, honoured: SettingsHonoured = NOTHING_MORE): Promise<SettingsFile | undefined> {
  let text: string;
  try {
    text = await readRegularText(place.file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw unusable(place.file, `cannot be read (${readFailure(err)})`);
  }
  const json = parseJson(place.file, text.replace(/^\uFEFF/, ""));
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw unusable(`${place.file}:1:1`, `must hold a JSON object, not ${Array.isArray(json) ? "a list" : json === null ? "null" : `a ${typeof json}`}`);
  }
  const settings: SettingsFile = { ...place, rules: noRules(), bypassDisabled: false, hooks: {}, problems: [], ignored: [], degraded: false };
  const { permissions, hooks } = json as { permissions?: unknown; hooks?: unknown };
  settings.ignored.push(...Object.keys(json).filter((key) => !READ_KEYS.has(key) && !honoured.keys.includes(key)));
  readPermissions(settings, permissions, honoured);
  readHooks(settings, hooks);
  if (settings.degraded) {
    settings.rules.allow = [];
    if (settings.defaultMode !== "plan") delete settings.defaultMode; // only a mode that restricts survives
  }
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

/** `permissions`, entry by entry: each rule stands or falls alone. */
function readPermissions(settings: SettingsFile, value: unknown, honoured: SettingsHonoured): void {
  if (value === undefined) return;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problem(settings, ["permissions"], "expected an object");
    settings.degraded = true;
    return;
  }
  const raw = value as Record<string, unknown>;
  // In the file's order, so the problems read top to bottom.
  for (const list of Object.keys(raw).filter((key): key is RuleList => (RULE_LISTS as readonly string[]).includes(key))) readRules(settings, list, raw[list], honoured);
  readMode(settings, raw.defaultMode);
  if (raw.disableBypassPermissionsMode !== undefined) {
    // A restriction we cannot read is applied anyway: stricter, never looser.
    settings.bypassDisabled = true;
    if (raw.disableBypassPermissionsMode !== "disable") problem(settings, ["permissions", "disableBypassPermissionsMode"], `expected "disable" (got ${JSON.stringify(raw.disableBypassPermissionsMode)}); bypassPermissions is disabled anyway`);
  }
  settings.ignored.push(...Object.keys(raw).filter((key) => !(PERMISSION_KEYS as readonly string[]).includes(key)).map((key) => `permissions.${key}`));
}

function readRules(settings: SettingsFile, list: RuleList, value: unknown, honoured: SettingsHonoured): void {
  if (value === undefined) return;
  // A deny or ask rule lost is a restriction lost: the whole session gets stricter instead.
  const restricts = list !== "allow";
  if (!Array.isArray(value)) {
    problem(settings, ["permissions", list], `expected a list of rules${typeof value === "string" ? ` (got "${value}")` : ""}`);
    settings.degraded ||= restricts;
    return;
  }
  value.forEach((item, i) => {
    // Claude Code saves "always allow" for a command on several lines as a rule on several lines.
    // Commands are matched here one simple command at a time, so such a rule can approve nothing:
    // inert as an allow rule; as a deny or ask rule it stays a problem (the session gets stricter).
    if (list === "allow" && typeof item === "string" && /[\r\n]/.test(item.trim())) {
      settings.ignored.push(`${placeOf(["permissions", list, i])} ${item.trim().split(/\r?\n/)[0]}…: a rule on several lines matches nothing here`);
      return;
    }
    const parsed = ruleSchema.safeParse(item);
    if (!parsed.success) {
      settings.problems.push(...describeIssues(settings.file, parsed.error, item, ["permissions", list, i]));
      settings.degraded ||= restricts;
      return;
    }
    const rule = parsed.data;
    settings.rules[list].push(rule);
    const at = `${placeOf(["permissions", list, i])} ${rule.text}`;
    // Inert here, unless a later lesson's mechanism has tools it names (s13: `mcp__…`).
    if (rule.inert && !honoured.rulePrefixes.some((prefix) => rule.name.startsWith(prefix))) settings.ignored.push(`${at}: ${rule.inert}`);
    else if (rule.unread !== undefined) settings.ignored.push(`${at}: "${rule.unread}" is not read here (${restricts ? `covers every ${rule.name} call` : "approves nothing"})`);
  });
}

function readMode(settings: SettingsFile, value: unknown): void {
  if (value === undefined) return;
  const parsed = modeSchema.safeParse(value);
  if (parsed.success) {
    settings.defaultMode = parsed.data;
    return;
  }
  settings.problems.push(...describeIssues(settings.file, parsed.error, value, ["permissions", "defaultMode"]));
  settings.degraded = true;
}

/** `hooks`, entry by entry: a broken logging hook should not take a working guard hook down with it. */
function readHooks(settings: SettingsFile, value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return void problem(settings, ["hooks"], "expected an object of hook events");
  for (const [event, entries] of Object.entries(value)) {
    if (!isCommandHookEvent(event)) {
      settings.ignored.push(`hooks.${event}: the course has no such moment`);
      continue;
    }
    if (!Array.isArray(entries)) {
      problem(settings, ["hooks", event], "expected a list of matcher entries");
      continue;
    }
    const valid = entries.flatMap((entry, i) => {
      const parsed = hookMatcherSchema.safeParse(entry);
      if (parsed.success) return [parsed.data];
      settings.problems.push(...describeIssues(settings.file, parsed.error, entry, ["hooks", event, i]));
      return [];
    });
    valid.forEach((entry, i) => {
      entry.hooks.forEach((hook, j) => {
        if (hook.if && !TOOL_EVENTS.has(event)) settings.ignored.push(`hooks.${event}[${i}].hooks[${j}]: an "if" on ${event} never matches (only tool events have one), so this hook never runs`);
      });
    });
    if (valid.length > 0) settings.hooks[event] = valid;
  }
}

function problem(settings: SettingsFile, at: (string | number)[], message: string): void {
  settings.problems.push(`${settings.file}: ${placeOf(at)}: ${message}`);
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
