/**
 * Trimming for display: a trace holds whole files and long prompts, a reader wants the
 * shape. Long strings are cut with `…`; `Infinity` as the limit keeps everything (`--full`).
 */

export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  // Cut on code points, not UTF-16 units, so an emoji is never split in half.
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max).join("")}…`;
}

/** A string as a JSON literal, cut first: shows quotes, `\n` and escapes exactly as sent. */
export function quoted(text: string, max: number): string {
  return JSON.stringify(cut(text, max));
}

/** A copy of a JSON value with every string in it cut to `max`. */
export function cutStrings(value: unknown, max: number): unknown {
  if (typeof value === "string") return cut(value, max);
  if (Array.isArray(value)) return value.map((v) => cutStrings(v, max));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutStrings(v, max)]));
  }
  return value;
}

/** One-line JSON, cut to `max` characters. */
export function compactJson(value: unknown, max: number): string {
  return cut(JSON.stringify(value) ?? "undefined", max);
}
