/**
 * Markdown with YAML frontmatter: the format of Claude Code's agent files, skills, slash
 * commands and memories. One parser for all of them, so each says what is wrong the same way.
 *
 *   ---                      a line of three dashes (a BOM and CRLF line ends are fine)
 *   name: code-review        YAML: a mapping, checked against the caller's zod schema
 *   ---
 *   The body...              everything after the second line of dashes, trimmed
 *
 * Errors are sentences about the file ("its frontmatter is wrong: name: ..."), for a loader
 * to prefix with the file's name.
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

/** The checked frontmatter and the trimmed body; throws an Error that says what is wrong. */
export function parseFrontmatter<S extends z.ZodType>(text: string, schema: S, options: FrontmatterOptions = {}): { data: z.output<S>; body: string } {
  const clean = text.replace(/^\uFEFF/, "");
  const match = FRONTMATTER.exec(clean);
  if (!match && !options.optional) throw new Error("it does not start with a frontmatter block (a line ---, YAML, a line ---)");
  const parsed = schema.safeParse(match ? yamlMapping(match[1] ?? "") : {});
  if (!parsed.success) throw new Error(`its frontmatter is wrong: ${describeIssues(parsed.error)}`);
  return { data: parsed.data, body: clean.slice(match ? match[0].length : 0).trim() };
}

function yamlMapping(yaml: string): unknown {
  let data: unknown;
  try {
    data = parseYaml(yaml);
  } catch (err) {
    throw new Error(`its frontmatter is not valid YAML (${(err as Error).message.split("\n")[0]})`);
  }
  if (data === null || data === undefined) return {}; // an empty block: no keys
  if (typeof data !== "object" || Array.isArray(data)) throw new Error("its frontmatter is not a YAML mapping");
  return data;
}
