/**
 * Reading a script: YAML text → checked `Script`. Every problem is reported as
 * "file:line: field.path: what is wrong", because a demo author fixes a script in an editor,
 * and an editor wants a line number. zod knows the field path, `yaml` knows where each node
 * sits in the text; this file joins the two. The file is read with core's safe reader: a
 * named pipe given as a script is refused at once, not waited on.
 */
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Document } from "yaml";
import type { z } from "zod";
import { readRegularText, RefusedFileError } from "../platform/state/regular-file.ts";
import { scriptSchema, type Script } from "./script.ts";

export class ScriptError extends Error {
  override name = "ScriptError";
}

type Path = ReadonlyArray<PropertyKey>;

export async function loadScript(file: string): Promise<Script> {
  const text = await readRegularText(file).catch((err: unknown) => {
    throw err instanceof RefusedFileError ? new ScriptError(err.message) : err;
  });
  return parseScript(text, file);
}

export function parseScript(text: string, file = "<script>"): Script {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const syntaxError = doc.errors[0];
  if (syntaxError) {
    const line = lineCounter.linePos(syntaxError.pos[0]).line;
    throw new ScriptError(`${file}:${line}: YAML syntax error: ${firstLine(syntaxError.message)}`);
  }
  // reportInput keeps the offending value on each issue, to tell "missing" from "wrong type".
  const result = scriptSchema.safeParse(doc.toJS(), { reportInput: true });
  if (result.success) return result.data;
  const problems = result.error.issues.flatMap((issue) => locate(issue, doc, lineCounter));
  problems.sort((a, b) => a.line - b.line);
  throw new ScriptError(problems.map((p) => `${file}:${p.line}: ${p.text}`).join("\n"));
}

function locate(issue: z.core.$ZodIssue, doc: Document, lines: LineCounter): Array<{ line: number; text: string }> {
  // Unknown keys are reported on their parent object; point at each key itself instead.
  const paths: Path[] =
    issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
  return paths.map((path) => ({
    line: lines.linePos(offsetOf(doc, path)).line,
    text: `${formatPath(path) || "script"}: ${describe(issue)}`,
  }));
}

/** zod's message, worded for a script author. */
function describe(issue: z.core.$ZodIssue): string {
  if (issue.code !== "invalid_type") return issue.message;
  if (issue.path.length === 0) return "expected a mapping with a `turns:` list";
  if (issue.input === undefined) return `missing (expected ${issue.expected})`;
  return issue.message.replace(/^Invalid input: /, "");
}

/** `turns[1].content[0].type`: the path as a reader would write it. */
function formatPath(path: Path): string {
  return path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`))
    .join("");
}

/**
 * Walk the YAML node tree along the path and return where the deepest existing node starts.
 * A missing field has no node, so the error lands on the object that should have held it.
 */
function offsetOf(doc: Document, path: Path): number {
  let node: unknown = doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === key);
      if (!pair) break;
      offset = rangeStart(pair.key) ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof key === "number") {
      node = node.items[key];
      offset = rangeStart(node) ?? offset;
    } else {
      break;
    }
  }
  return offset;
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return range?.[0];
}

function firstLine(text: string): string {
  return text.split("\n")[0] ?? text;
}
