/**
 * Lesson code highlighted with Shiki, VitePress's own highlighter, once per build. A lesson's
 * code is the same on its English and Chinese pages, and highlighting is the costliest part
 * of the build (about 1 s per 60 KB of TypeScript), so it is done here once per lesson and
 * written as a JSON file the page loads (the `<LessonCode>` theme component), instead of
 * inside both pages' Markdown.
 *
 * One theme made of CSS variables (`--shiki-token-*`, set for light and dark in site.css)
 * rather than a light and a dark theme: Shiki tokenizes once per theme, so this halves the
 * work. VitePress highlights the pages' own code blocks with the same theme (config.ts).
 */
import { createCssVariablesTheme, createHighlighter, type Highlighter } from "shiki";
import type { SourceModule } from "@learn/docs";

export const COURSE_THEME = createCssVariablesTheme({ name: "course", variablePrefix: "--shiki-", fontStyle: true });

export interface HighlightedFile {
  /** `src/agent.ts` */
  path: string;
  lines: number;
  /** Shiki's `<pre class="shiki">…</pre>`. */
  html: string;
}

export async function courseHighlighter(): Promise<Highlighter> {
  return createHighlighter({ themes: [COURSE_THEME], langs: ["ts", "diff"] });
}

export function highlightModules(highlighter: Highlighter, modules: SourceModule[]): HighlightedFile[] {
  return modules.map((m) => ({
    path: m.path,
    lines: m.lines,
    html: highlighter.codeToHtml(m.text, { lang: "ts", theme: "course" }),
  }));
}
