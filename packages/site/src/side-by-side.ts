/**
 * A unified diff laid out in two columns: the old file on the left, the new on the right.
 * The diff itself comes from the docs generator (`unifiedDiff`); this only reads it back
 * hunk by hunk and pairs each run of removed lines with the run of added lines that replaced
 * it, so a changed line sits beside its old self. Rendered as a plain HTML table, escaped:
 * the diff's colours say what changed.
 */

export interface Side {
  /** The line's number in its file. */
  line: number;
  text: string;
}

export type Row =
  | { kind: "hunk"; header: string }
  | { kind: "same" | "change"; left: Side | undefined; right: Side | undefined };

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** The rows of a unified diff, its `---`/`+++` headers skipped. */
export function sideBySideRows(unified: string): Row[] {
  const rows: Row[] = [];
  let oldLine = 0;
  let newLine = 0;
  let removed: Side[] = [];
  let added: Side[] = [];
  const flush = () => {
    for (let i = 0; i < Math.max(removed.length, added.length); i++) {
      rows.push({ kind: "change", left: removed[i], right: added[i] });
    }
    removed = [];
    added = [];
  };
  for (const line of unified.split("\n")) {
    const hunk = HUNK.exec(line);
    if (hunk) {
      flush();
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      rows.push({ kind: "hunk", header: line });
    } else if (line.startsWith("---") || line.startsWith("+++") || line.startsWith("\\")) {
      // file headers, and "\ No newline at end of file": no row
    } else if (line.startsWith("-")) {
      removed.push({ line: oldLine++, text: line.slice(1) });
    } else if (line.startsWith("+")) {
      added.push({ line: newLine++, text: line.slice(1) });
    } else if (line.startsWith(" ")) {
      flush();
      rows.push({ kind: "same", left: { line: oldLine++, text: line.slice(1) }, right: { line: newLine++, text: line.slice(1) } });
    }
  }
  flush();
  return rows;
}

/**
 * The rows as one table of four columns: the old file's line number and line, then the new
 * file's. One table, so a changed line and its old self share a row whatever their height:
 * long lines wrap inside their half (site.css) instead of being cut at the edge of a pane,
 * and the two sides stay row for row without any script keeping two panes in step.
 */
export function sideBySideTable(rows: Row[], oldName: string, newName: string): string {
  const half = (row: Exclude<Row, { kind: "hunk" }>, side: "left" | "right", mark: string) => {
    const cell = row[side];
    if (!cell) return `<td class="ln"></td><td class="code empty"></td>`;
    return `<td class="ln">${cell.line}</td><td class="code${row.kind === "change" ? ` ${mark}` : ""}">${escapeHtml(cell.text)}</td>`;
  };
  const body = rows.map((row) =>
    row.kind === "hunk" ? `<tr class="hunk"><td colspan="4">${escapeHtml(row.header)}</td></tr>` : `<tr>${half(row, "left", "del")}${half(row, "right", "add")}</tr>`,
  );
  const cols = `<colgroup><col class="ln"><col class="code old"><col class="ln"><col class="code new"></colgroup>`;
  const head = `<thead><tr><th colspan="2" class="old">${escapeHtml(oldName)}</th><th colspan="2" class="new">${escapeHtml(newName)}</th></tr></thead>`;
  return [`<div class="side-by-side"><table>`, cols, head, "<tbody>", ...body, "</tbody></table></div>"].join("\n");
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
