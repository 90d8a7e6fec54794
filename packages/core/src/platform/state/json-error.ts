/**
 * Where a JSON text is broken, as "line L, column C" a person can jump to.
 *
 * `JSON.parse` reports a character offset at best ("at position 212"), and on Node 20 not
 * even that for an unexpected token. A state file is edited by hand often enough that the
 * error must name a line. When the message has no position we find it ourselves: a prefix
 * of the text that stops *before* the mistake fails only because it ends early, and a
 * prefix that includes the mistake fails earlier than its end. The shortest failing prefix
 * ends at the mistake; a binary search finds it in a few parses.
 */

/** Line and column (both from 1) of character `offset` in `text`. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

/**
 * Does `text` fail to parse for a reason other than ending too early? A prefix cut short
 * fails with "end of JSON input" or with a position at its very end.
 */
function failsBeforeTheEnd(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch (err) {
    const message = (err as Error).message;
    const reported = /at position (\d+)/.exec(message);
    if (reported) return Number(reported[1]) < text.length;
    return !/end of JSON input/.test(message);
  }
}

/** The offset of the character `JSON.parse` tripped over. */
export function jsonErrorOffset(text: string, err: Error): number {
  const reported = /at position (\d+)/.exec(err.message);
  if (reported) return Number(reported[1]);
  if (/end of JSON input/.test(err.message)) return text.length;
  let low = 0; // a prefix this long does not fail before its end
  let high = text.length; // a prefix this long does
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (failsBeforeTheEnd(text.slice(0, mid))) high = mid;
    else low = mid;
  }
  return high - 1;
}

/** Where a JSON text is broken, and why, in words without V8's noise. */
export interface JsonErrorPlace {
  /** From 1. */
  line: number;
  /** From 1. */
  column: number;
  /** The parser's message without the position or a quote of the whole text. */
  message: string;
}

export function jsonErrorPlace(text: string, err: Error): JsonErrorPlace {
  const { line, column } = lineColumnAt(text, jsonErrorOffset(text, err));
  // V8 quotes the whole text in some messages; the line and column say where, so drop it.
  const message = err.message
    .replace(/, ".*" is not valid JSON$/s, "")
    .replace(/( in JSON)? at position \d+.*$/s, "")
    .replaceAll("\n", "\\n");
  return { line, column, message };
}

/** "line 3, column 9: Unexpected token '}'" for a `JSON.parse` error on `text`. */
export function describeJsonError(text: string, err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const { line, column, message } = jsonErrorPlace(text, err);
  return `line ${line}, column ${column}: ${message}`;
}
