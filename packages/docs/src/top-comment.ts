/**
 * What a file says it is: the first sentence of its top comment. The "Read first" list quotes
 * it rather than describing the file in a README, so the description changes when the file's
 * own comment does and cannot drift from it.
 *
 *   /**
 *    * THE PERMISSION PIPELINE — one call in, one decision out, in a fixed order:   ◄ this
 *    *
 *    *   1. the refuse-list ...
 *
 * The top comment is the block comment (or the run of `//` or `#` lines) that opens the file.
 * Its first paragraph ends at a blank line or where a diagram or table starts (an indented
 * line); its first sentence at the first `.`, `!` or `?` followed by a space. A colon that
 * only introduced a diagram is dropped.
 */

/** The first sentence of the file's top comment; undefined when the file opens with code. */
export function whatItIs(text: string): string | undefined {
  const comment = topComment(text.replace(/^#!.*\n/, "").split("\n"));
  if (comment === undefined) return undefined;
  const paragraph = firstParagraph(comment);
  if (paragraph === "") return undefined;
  const sentence = /^(.*?[.!?])(?:\s|$)/.exec(paragraph)?.[1] ?? paragraph;
  return sentence.replace(/:$/, "");
}

/** The comment's lines without their comment marks, or undefined when the file opens with code. */
function topComment(lines: string[]): string[] | undefined {
  const start = lines.findIndex((line) => line.trim() !== "");
  if (start === -1) return undefined;
  const first = lines[start]!.trim();
  if (first.startsWith("/*")) return blockComment(lines.slice(start));
  const mark = /^(\/\/|#)/.exec(first)?.[1];
  if (mark === undefined) return undefined;
  const run = lines.slice(start);
  const end = run.findIndex((line) => !line.trim().startsWith(mark));
  return (end === -1 ? run : run.slice(0, end)).map((line) => line.trim().slice(mark.length).replace(/^ /, ""));
}

function blockComment(lines: string[]): string[] {
  const end = lines.findIndex((line) => line.includes("*/"));
  return lines.slice(0, end === -1 ? lines.length : end + 1).map((line) =>
    line
      .replace(/\*\/.*$/, "")
      .replace(/^\s*\/\*\*?/, "")
      .replace(/^\s*\* ?/, ""),
  );
}

/** The comment's first paragraph as one line: up to a blank line or an indented (diagram) line. */
function firstParagraph(comment: string[]): string {
  const from = comment.findIndex((line) => line.trim() !== "");
  if (from === -1) return "";
  const lines: string[] = [];
  for (const line of comment.slice(from)) {
    if (line.trim() === "" || (lines.length > 0 && /^\s/.test(line))) break;
    lines.push(line.trim());
  }
  return lines.join(" ");
}
