/**
 * Markdown with YAML frontmatter: the format of Claude Code's agent files, skills, slash
 * commands and memories. One parser for all of them, so each reads a file the way Claude Code
 * does and says what is wrong the same way.
 *
 *   ---                      a line of three dashes (a BOM and CRLF line ends are fine)
 *   name: code-review        YAML: a mapping, checked against the caller's zod schema
 *   ---
 *   The body...              everything after the second line of dashes, trimmed
 *
 * People write frontmatter by hand, and much of it is not strict YAML:
 * `description: Use when: the user asks` has a second `: `. Claude Code forgives that, in two
 * steps, and so does this parser:
 *
 *   the YAML parses                         its keys
 *   it does not                             quote each one-line `key: value` whose value holds
 *                                           `: ` or a YAML sign ({}[]*&#!|>%@`), tabs at line
 *                                           starts become spaces, and parse again
 *   that fails too, or it is not a mapping  no keys, the body kept, and a warning that says so
 *
 * Errors are sentences about the file ("its frontmatter is wrong: name: ..."), for a loader
 * to prefix with the file's name. Warnings are the same kind of sentence, for a file that loads.
 */
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { describeIssues } from "./tool.ts";

// The YAML block may be empty (`---` right after `---`): a file with no keys.
const FRONTMATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

export interface FrontmatterOptions {
  /** A file without a frontmatter block is valid: its keys are `{}` (Claude Code's commands). */
  optional?: boolean;
}

export interface Frontmatter<T> {
  data: T;
  body: string;
  /** What was forgiven: YAML that did not parse, read as no keys. Empty for a clean file. */
  warnings: string[];
}

/** The checked frontmatter and the trimmed body; throws an Error that says what is wrong. */
export function parseFrontmatter<S extends z.ZodType>(text: string, schema: S, options: FrontmatterOptions = {}): Frontmatter<z.output<S>> {
  const clean = text.replace(/^\uFEFF/, "");
  const match = FRONTMATTER.exec(clean);
  if (!match && !options.optional) throw new Error("it does not start with a frontmatter block (a line ---, YAML, a line ---)");
  const { keys, problem } = match ? yamlMapping(match[1] ?? "") : { keys: {} };
  const parsed = schema.safeParse(keys);
  // With no keys to check, the schema's complaint ("name: required") hides the real cause.
  if (!parsed.success) throw new Error(problem ?? `its frontmatter is wrong: ${describeIssues(parsed.error)}`);
  const body = clean.slice(match ? match[0].length : 0).trim();
  return { data: parsed.data, body, warnings: problem ? [`${problem}: read as if it had no keys, as Claude Code does`] : [] };
}

/**
 * `Read, Grep Glob Bash(git add:*)` → four names: Claude Code splits a tools list on commas and
 * spaces that are not inside parentheses (`Agent(reviewer, tester)` is one), and a `\` escapes
 * the character after it.
 */
export function splitToolList(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const char = text[i];
    if (char === "\\") i++;
    else if (char === "(") depth++;
    else if (char === ")") depth = Math.max(0, depth - 1);
    else if (i === text.length || (depth === 0 && (char === "," || char === " "))) {
      const item = text.slice(start, i).trim();
      if (item !== "") items.push(item);
      start = i + 1;
    }
  }
  return items;
}

function yamlMapping(yaml: string): { keys: unknown; problem?: string } {
  let data: unknown;
  try {
    data = parseYaml(yaml);
  } catch (err) {
    try {
      data = parseYaml(forgiving(yaml));
    } catch {
      return { keys: {}, problem: `its frontmatter is not valid YAML (${inFileLines((err as Error).message.split("\n")[0]!)})` };
    }
  }
  if (data === null || data === undefined) return { keys: {} }; // an empty block: no keys
  if (typeof data !== "object" || Array.isArray(data)) return { keys: {}, problem: "its frontmatter is not a YAML mapping" };
  return { keys: data };
}

/**
 * YAML counts lines from the first inside the block; a person counts from the file's `---` above it.
 * YAML's first line ends in a colon that introduced the excerpt under it, which is not kept.
 */
const inFileLines = (message: string) => message.replace(/\bat line (\d+)/, (_, line: string) => `at line ${Number(line) + 1}`).replace(/:$/, "");

// A value YAML would read as something else: a flow collection, an anchor, a comment, a block...
const YAML_SIGN = /[{}[\]*&#!|>%@`]|: /;

/** Claude Code's second try: quote the one-line values YAML choked on, tabs at line starts to spaces. */
function forgiving(yaml: string): string {
  return yaml
    .split("\n")
    .map((line) => {
      const match = /^([a-zA-Z_-]+):\s+(\S.*)$/.exec(line);
      if (!match) return line;
      const [, key, value] = match as unknown as [string, string, string];
      if (/^(".*"|'.*')$/.test(value) || isFlowList(value) || !YAML_SIGN.test(value)) return line;
      return `${key}: "${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
    })
    .join("\n")
    .replace(/^\t+/gm, (tabs) => "  ".repeat(tabs.length));
}

function isFlowList(value: string): boolean {
  if (!value.startsWith("[") || !value.endsWith("]")) return false;
  try {
    return Array.isArray(parseYaml(value));
  } catch {
    return false;
  }
}
