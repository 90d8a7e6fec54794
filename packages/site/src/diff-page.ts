/**
 * A lesson's code diff against the lesson before it: each of the lesson's source files
 * against the file of the same path in the previous lesson, side by side and as a unified
 * diff (highlighted by Shiki as `diff`). A lesson builds on the previous lesson's package
 * rather than copying it, so a file only the previous lesson has is not "removed": it is
 * still in use, from there. And a file the previous lesson lacks is new: its diff would be
 * every line, so the page links to it on the lesson page instead (the compare page shows any
 * pair in full).
 *
 * The diffs are the same in both languages, so like the code (highlight.ts) they are built
 * once, into a JSON file the `<LessonDiff>` theme component loads; the page around them is
 * Markdown in each language.
 */
import { unifiedDiff, type SourceModule } from "@learn/docs";
import type { Highlighter } from "shiki";
import { SITE_LABELS } from "./labels.ts";
import { diffFile, fileAnchor, lessonPage, type Lang } from "./routes.ts";
import { sideBySideRows, sideBySideTable } from "./side-by-side.ts";

export interface LessonCode {
  dirName: string;
  modules: SourceModule[];
}

export interface FileDiff {
  path: string;
  /** The side-by-side table's HTML. */
  split: string;
  /** The unified diff, highlighted. */
  unified: string;
}

export function diffPageMarkdown(current: LessonCode, previous: LessonCode | undefined, lang: Lang): string {
  const labels = SITE_LABELS[lang];
  const back = `[← ${labels.backToLesson}](/${lessonPage(current.dirName, lang)})`;
  const head = ["---", "aside: false", "pageClass: diff-page", "---", ""];
  if (!previous) return [...head, `# ${current.dirName}: ${labels.codeDiff}`, "", labels.firstLesson, "", back, ""].join("\n");
  const added = current.modules.filter((m) => !previous.modules.some((p) => p.path === m.path));
  const newFiles = added.map((m) => `- [\`${m.path}\`](/${lessonPage(current.dirName, lang)}#${fileAnchor(m.path)}) (${labels.lines(m.lines)})`);
  return [
    ...head,
    `# ${labels.diffTitle(current.dirName, previous.dirName)}`,
    "",
    back,
    "",
    `<LessonDiff src="/${diffFile(current.dirName)}" split-label="${labels.sideBySide}" unified-label="${labels.unified}" same-label="${labels.sameFile}" />`,
    "",
    ...(newFiles.length ? [`## ${labels.newFiles}`, "", ...newFiles, ""] : []),
  ].join("\n");
}

/** The diffs of every file both lessons have (an unchanged file gets empty views). */
export function lessonDiffs(current: LessonCode, previous: LessonCode, highlighter: Highlighter): FileDiff[] {
  return current.modules.flatMap((file) => {
    const before = previous.modules.find((m) => m.path === file.path);
    if (!before) return [];
    const oldName = `${previous.dirName}/${file.path}`;
    const diff = unifiedDiff(oldName, file.path, before.text, file.text);
    if (diff === undefined) return [{ path: file.path, split: "", unified: "" }];
    return [
      {
        path: file.path,
        split: sideBySideTable(sideBySideRows(diff), oldName, file.path),
        unified: highlighter.codeToHtml(diff, { lang: "diff", theme: "course" }),
      },
    ];
  });
}
