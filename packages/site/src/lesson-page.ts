/**
 * A lesson's page: its README (English or Chinese) on one side and its source files on the
 * other. The two columns are plain HTML around Markdown (blank lines keep Markdown working
 * inside them), side by side in the page's content box (the theme's CSS makes that box a
 * grid on a wide screen) and one above the other on a narrow one. They are the page's
 * top-level blocks, not children of one wrapper, so the README's HTML stays static: Vue
 * compiles it to plain strings, which keeps the build fast. The code column is the `<LessonCode>` theme component, which shows
 * the lesson's files as highlighted once for both languages (highlight.ts, `codeFile`).
 */
import { SITE_LABELS } from "./labels.ts";
import { codeFile, diffPage, type Lang } from "./routes.ts";
import { wrapWalkthrough } from "./walkthrough-steps.ts";

export interface LessonPageInput {
  dirName: string;
  lang: Lang;
  /** The README's text, as in the repository. */
  readme: string;
  /** Relative to the repository root, for error messages. */
  readmeFile: string;
  /** Whether a lesson comes before this one (then it has a diff page). */
  hasPrevious: boolean;
}

export function lessonPageMarkdown(input: LessonPageInput): string {
  const labels = SITE_LABELS[input.lang];
  const diffLink = input.hasPrevious ? `[${labels.codeDiff} →](/${diffPage(input.dirName, input.lang)})` : "";
  return [
    "---",
    "aside: false",
    "pageClass: lesson-page",
    "---",
    "",
    '<div class="lesson-text">',
    "",
    wrapWalkthrough(input.readme, input.readmeFile),
    "",
    "</div>",
    `<section class="lesson-code" aria-label="${labels.sourceFiles}">`,
    "",
    `## ${labels.sourceFiles}`,
    "",
    diffLink,
    "",
    `<LessonCode src="/${codeFile(input.dirName)}" />`,
    "",
    "</section>",
    "",
  ].join("\n");
}
