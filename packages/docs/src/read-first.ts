/**
 * The "Read first" block: the lesson's spine, in order, each file with its line count and what
 * its own top comment says it is, and the total against the budget; then each mechanism folder
 * the same way. Read off the code (folders.ts), so the list, the counts and the descriptions
 * cannot drift from it.
 */
import type { Labels } from "./labels.ts";
import { cell, link, table } from "./markdown.ts";
import { SPINE_BUDGET_LINES, type ReadingList, type ReadingPath } from "./spine.ts";

export function renderReadFirst(list: ReadingList, labels: Labels): string {
  const spine = [labels.spineIntro(list.spine.files.length, list.spine.lines, SPINE_BUDGET_LINES), filesTable(list.spine, labels)];
  const folders = list.folders.flatMap((f) => [labels.folderIntro(link(f.name!.en, f.name!.en), f.files.length, f.lines, SPINE_BUDGET_LINES), filesTable(f, labels)]);
  return [...spine, ...folders].join("\n\n");
}

function filesTable(reading: ReadingPath, labels: Labels): string {
  const rows = reading.files.map((f, i) => [`${i + 1}`, link(f.path, f.path), String(f.lines), cell(f.says)]);
  return table(["", labels.file, labels.lines, labels.whatItIs], rows);
}
