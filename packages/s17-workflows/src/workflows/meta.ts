/**
 * A workflow script's head: `export const meta = { name, description, phases }`, a pure literal,
 * the first statement (Claude Code's rule, read from the 2.1.328 binary). It is read as data —
 * never run — so the harness knows the workflow's name before any of its code runs:
 *
 *   export const meta = { name: 'review', description: 'Review and verify', phases: [{ title: 'Find' }] }
 *   phase('Find')                      ◄── the body: what the isolated process runs
 *
 * "Pure literal" is checked by converting it to JSON: quotes normalised, trailing commas and
 * comments dropped; anything a JSON reader then refuses (a variable, a call, a spread, a
 * template) is refused with the reason. Claude Code parses it with a JavaScript parser; this
 * small reader accepts the literal shapes its examples use.
 */
import { z } from "zod";

const META_START = /^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*export\s+const\s+meta\s*=\s*(?=\{)/;

const META = z.object({
  name: z.string().min(1, "meta.name must be a non-empty string"),
  description: z.string().min(1, "meta.description must be a non-empty string"),
  whenToUse: z.string().optional(),
  phases: z.array(z.object({ title: z.string().min(1), detail: z.string().optional() })).optional(),
});

export type WorkflowMeta = z.output<typeof META>;

export type ParsedScript = { meta: WorkflowMeta; body: string } | { error: string };

/** The script's meta and body, or why it is refused (a message the model can act on). */
export function parseScript(script: string): ParsedScript {
  const head = META_START.exec(script);
  if (!head) return { error: "`export const meta = { name, description, phases }` must be the FIRST statement in the script" };
  const start = head[0].length;
  const end = literalEnd(script, start);
  if (end === undefined) return { error: "meta's object literal is never closed" };
  let value: unknown;
  try {
    value = JSON.parse(toJson(script.slice(start, end)));
  } catch {
    return { error: "meta must be a pure literal: no variables, function calls, spreads or template interpolation" };
  }
  const meta = META.safeParse(value);
  if (!meta.success) return { error: `meta: ${meta.error.issues.map((i) => i.message).join("; ")}` };
  return { meta: meta.data, body: script.slice(end).replace(/^[;\s]*/, "") };
}

/** Where the object literal that opens at `start` closes (strings and comments skipped). */
function literalEnd(text: string, start: number): number | undefined {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === "`") i = stringEnd(text, i);
    else if (c === "/" && text[i + 1] === "/") i = text.indexOf("\n", i) < 0 ? text.length : text.indexOf("\n", i);
    else if (c === "/" && text[i + 1] === "*") i = text.indexOf("*/", i) + 1;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return undefined;
}

function stringEnd(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === text[open]) return i;
  }
  return text.length;
}

/** A JavaScript object literal as JSON: keys quoted, strings in double quotes, no comments, no trailing commas. */
function toJson(literal: string): string {
  let out = "";
  for (let i = 0; i < literal.length; i++) {
    const c = literal[i]!;
    if (c === "`") throw new Error("template");
    if (c === '"' || c === "'") {
      const close = stringEnd(literal, i);
      const inner = literal.slice(i + 1, close);
      out += JSON.stringify(c === "'" ? inner.replace(/\\'/g, "'") : JSON.parse(`"${inner}"`));
      i = close;
    } else if (c === "/" && literal[i + 1] === "/") {
      const newline = literal.indexOf("\n", i);
      i = newline < 0 ? literal.length : newline;
    } else if (c === "/" && literal[i + 1] === "*") i = literal.indexOf("*/", i) + 1;
    else out += c;
  }
  return out.replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":').replace(/,(\s*[}\]])/g, "$1");
}
