/**
 * A failed check in words a student reads: what was expected, what happened, at which scripted
 * step — the check's own message first, never a raw stack trace. The one place a stack helps (your
 * code threw) shows only the line of the student's file where it happened.
 */
import path from "node:path";
import { inspect } from "node:util";
import { CheckNotRun, CheckTimeout, MissingImportError, type CheckOutcome } from "./run-checks.ts";

export interface ExplainedOutcome {
  name: string;
  passed: boolean;
  /** Lines that say why it failed (empty when it passed). */
  why: string[];
}

export function explainOutcome(outcome: CheckOutcome, studentDir: string): ExplainedOutcome {
  return { name: outcome.name, passed: outcome.passed, why: outcome.passed ? [] : explainError(outcome.error, studentDir) };
}

export function explainError(error: unknown, studentDir: string): string[] {
  if (error instanceof CheckTimeout) return [`The check ${error.message}.`];
  if (error instanceof CheckNotRun) return [`Not run: it would hang as the check before it did ("${error.hungCheck}"). Fix that one first.`];
  if (error instanceof MissingImportError)
    return error.missing.map((m) => `Your file imports ${m.name} from ${m.from}, which exports no such name (check the spelling, or export it there).`);
  if (!(error instanceof Error)) return [`Something was thrown that is not an Error: ${short(error)}`];
  // vitest wraps what a mocked module's loading threw: the cause is what the student needs.
  if (error.message.startsWith("[vitest] There was an error when mocking a module") && error.cause !== undefined) return explainError(error.cause, studentDir);
  const syntax = syntaxErrorOf(error, studentDir);
  if (syntax) return syntax;
  if (isAssertion(error)) {
    const lines = [firstLine(error.message).replace(/ \/\/ Object\.is equality$/, "")];
    if ("expected" in error && "actual" in error && (error as { showDiff?: boolean }).showDiff !== false) {
      // After a negated expectation (`not to contain "x"`) "expected: x" would mislead: show what came.
      if (!/ not to /.test(error.message)) lines.push(`  expected: ${short(error.expected)}`);
      lines.push(`  got:      ${short(error.actual)}`);
    }
    return lines;
  }
  const refused = refusedRequest(error);
  if (refused) return [`The API (the simulator, as strict as the real one) refused the request your code sent: ${refused}`];
  const where = studentLine(error, studentDir);
  return [`Your code threw ${error.name}: ${firstLine(error.message)}${where ? ` (at ${where})` : ""}`];
}

/** The SDK's error for an HTTP 400: the API's own message, which says what broke the protocol. */
function refusedRequest(error: Error): string | undefined {
  if ((error as { status?: unknown }).status !== 400) return undefined;
  const body = (error as { error?: { error?: { message?: unknown } } }).error;
  return typeof body?.error?.message === "string" ? body.error.message : firstLine(error.message);
}

function isAssertion(error: Error): boolean {
  return error.name === "AssertionError" || error.constructor.name === "AssertionError";
}

/**
 * The compiler's error for a student's file that does not parse — vite's transform error (oxc's
 * `[PARSE_ERROR] … ╭─[ file:line:col ]` with a code frame, or esbuild's `file:line:col: ERROR: …`)
 * or a SyntaxError — as "Syntax error in <file> at line L, column C: what", then the frame.
 */
function syntaxErrorOf(error: Error, studentDir: string): string[] | undefined {
  const text = error.message;
  const esbuild = /Transform failed with \d+ errors?:\s*\n?(.*?):(\d+):(\d+): ERROR: (.*)/.exec(text);
  if (esbuild) return [`Syntax error in ${display(esbuild[1]!, studentDir)} at line ${esbuild[2]}, column ${Number(esbuild[3]) + 1}: ${esbuild[4]}`];
  const what = /\[[A-Z_]+\] (.*)/.exec(text);
  const where = /╭─\[ ?(.*?):(\d+):(\d+) ?\]/.exec(text);
  if (text.startsWith("Transform failed") && what && where) {
    const file = display(path.resolve(where[1]!.replace(/\?.*$/, "")), studentDir);
    const frame = text.split("\n").filter((line) => /^\s*\d+ │|┬/.test(line));
    return [`Syntax error in ${file} at line ${where[2]}, column ${where[3]}: ${what[1]}`, ...frame];
  }
  if (error.name === "SyntaxError") return [`Syntax error: ${firstLine(text)}`];
  return undefined;
}

/** The first stack frame in the student's folder: `exercises/s01-loop/loop.ts:42`. */
function studentLine(error: Error, studentDir: string): string | undefined {
  const frame = (error.stack ?? "").split("\n").find((line) => line.includes(studentDir));
  const place = frame && /([^\s(]+):(\d+):\d+\)?$/.exec(frame);
  return place ? `${display(place[1]!.replace(/^file:\/\//, "").replace(/\?.*$/, ""), studentDir)}:${place[2]}` : undefined;
}

function display(file: string, studentDir: string): string {
  return file.startsWith(studentDir) ? path.join("exercises", path.relative(path.dirname(studentDir), file)) : file;
}

function firstLine(text: string): string {
  return text.split("\n")[0]!.trim();
}

function short(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : inspect(readable(value), { depth: 3, breakLength: Infinity });
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** `expect.stringContaining("x")` inside an expected value reads as `StringContaining "x"`, not as its internals. */
function readable(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const matcher = value as { asymmetricMatch?: unknown; toString(): string; sample?: unknown };
  if (typeof matcher.asymmetricMatch === "function") {
    const shown = `${matcher.toString()} ${typeof matcher.sample === "string" ? JSON.stringify(matcher.sample) : inspect(matcher.sample)}`;
    return { [inspect.custom]: () => shown };
  }
  if (Array.isArray(value)) return value.map(readable);
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, readable(inner)]));
}
