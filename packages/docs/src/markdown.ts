/**
 * Markdown that stays correct whatever text goes in: model output and tool results can hold
 * backticks, so every code span and fence is made longer than any backtick run inside it.
 */

/** Inline code: `text`, with as many backticks around it as it needs. */
export function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(longest + 1);
  // A span that starts or ends with a backtick needs a space so the fence is unambiguous.
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** A fenced code block, its fence longer than any backtick run in the body. */
export function fence(lang: string, body: string): string {
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(Math.max(3, longest + 1));
  return `${ticks}${lang}\n${body.replace(/\n$/, "")}\n${ticks}`;
}

export function link(text: string, href: string): string {
  return `[${text}](${href})`;
}

/** A collapsible section (GitHub renders <details>); blank lines let Markdown work inside. */
export function details(summary: string, body: string): string {
  return `<details>\n<summary>${summary}</summary>\n\n${body}\n\n</details>`;
}

/** A Markdown table; cells are expected to hold no `|` (names and counts only). */
export function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

/** A line of Markdown, and what it is: prose, a fence's opening or closing line, or code inside one. */
export interface MarkdownLine {
  text: string;
  kind: "prose" | "fence" | "code";
  /** On an opening fence: its info string's first word (`ts`, `json`), or "". */
  lang?: string;
}

/**
 * Every line with its kind. A fence opens with three or more backticks or tildes and closes
 * with the same character, at least as many, and nothing else on the line.
 */
export function markdownLines(text: string): MarkdownLine[] {
  let open: string | undefined;
  return text.split("\n").map((line) => {
    if (open === undefined) {
      const opening = /^\s{0,3}(`{3,}|~{3,})\s*([^\s`]*)/.exec(line);
      if (!opening) return { text: line, kind: "prose" };
      open = opening[1]!;
      return { text: line, kind: "fence", lang: opening[2]! };
    }
    if (new RegExp(`^\\s{0,3}${open[0]}{${open.length},}\\s*$`).test(line)) {
      open = undefined;
      return { text: line, kind: "fence" };
    }
    return { text: line, kind: "code" };
  });
}

/**
 * Text from a code comment, made safe for a table cell: a `|` would end the cell, and a `<tag>`
 * outside a code span would be read as HTML (and by the site's Vue compiler as a component).
 */
export function cell(text: string): string {
  return text
    .split(/(`+[^`]*`+)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/</g, "&lt;").replace(/>/g, "&gt;")))
    .join("")
    .replace(/\|/g, "\\|");
}
