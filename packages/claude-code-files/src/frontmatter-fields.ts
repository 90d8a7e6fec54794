/**
 * What skills and commands share in their frontmatter, read as Claude Code (2.1.328) reads it:
 *
 *   description        missing: the body's first non-empty line (a heading's #s dropped), cut to 100
 *   argument-hint      YAML may read `[message]` as a list: written back as `[message]`
 *   allowed-tools      a list, or one string split on commas and spaces outside parentheses
 *   booleans           true/false, or the strings "true"/"yes"/"on"/"1" and "false"/"no"/"off"/"0"
 *
 * and which of the keys Claude Code reads this course has no mechanism for (`model`, `effort`,
 * `context: fork`, `hooks`…): the file still loads, and each is named as ignored, once.
 */
import { z } from "zod";
import { splitToolList } from "@learn/core/harness";
import { parseRule } from "./rules/rule.ts";

/** Claude Code's stand-in description: the first line, at most this long ("…" is three dots). */
export const BODY_DESCRIPTION_CHARS = 100;

/** The body's first non-empty line, without a heading's #s, cut as Claude Code cuts it. */
export function descriptionFromBody(body: string): string {
  const line = body.split("\n").map((l) => l.trim()).find((l) => l !== "") ?? "";
  const text = /^#+\s+(\S.*)$/.exec(line)?.[1] ?? line;
  return text.length > BODY_DESCRIPTION_CHARS ? `${text.slice(0, BODY_DESCRIPTION_CHARS - 3)}...` : text;
}

export const toolList = z
  .union([z.string(), z.array(z.string())], "expected a comma-separated string or a list of permission rules")
  .transform((tools) => (Array.isArray(tools) ? tools.map((t) => t.trim()).filter((t) => t !== "") : splitToolList(tools)));

// YAML reads `argument-hint: [message]` as a list: Claude Code's files write it that way.
export const argumentHint = z
  .union([z.string(), z.array(z.string()), z.number()], "expected a string like [message]")
  .transform((hint) => (Array.isArray(hint) ? hint.map((h) => `[${h}]`).join(" ") : String(hint).trim()));

/** A description as Claude Code takes it: a string (blank is none), or a number or boolean as text. */
export const description = z
  .union([z.string(), z.number(), z.boolean()], "expected text")
  .transform((d) => String(d).trim() || undefined);

const TRUE = new Set(["true", "yes", "on", "1"]);
const FALSE = new Set(["false", "no", "off", "0"]);

/** A yes/no key; anything else is neither (the default applies), as in Claude Code. */
export const flag = z.unknown().transform((v): boolean | undefined => {
  if (typeof v === "boolean") return v;
  if (typeof v !== "string" && typeof v !== "number") return undefined;
  const s = String(v).toLowerCase().trim();
  return TRUE.has(s) ? true : FALSE.has(s) ? false : undefined;
});

/**
 * Keys Claude Code reads in a skill or command that the course has no mechanism for. Keys that
 * neither reads (a typo, a key of another tool) are not listed: Claude Code passes over them too.
 */
export const IGNORED_KEYS: readonly string[] = [
  "model",
  "effort",
  "context",
  "agent",
  "hooks",
  "disallowed-tools",
  "paths",
  "shell",
  "arguments",
  "background",
  "license",
  "metadata",
  "version",
  "compatibility",
];

/** The keys of `data` this course reads but does nothing with, as `key` or `key: value`. */
export function ignoredKeys(data: Record<string, unknown>): string[] {
  return IGNORED_KEYS.filter((key) => data[key] !== undefined).map((key) =>
    typeof data[key] === "string" && (data[key] as string).length <= 40 ? `${key}: ${data[key] as string}` : key,
  );
}

/** Each rule of allowed-tools must parse now: a typo found at the first run would be too late. */
export function checkAllowedTools(rules: readonly string[]): void {
  for (const text of rules) {
    try {
      parseRule(text);
    } catch (err) {
      throw new Error(`allowed-tools: "${text}" is not a permission rule (${(err as Error).message})`);
    }
  }
}
