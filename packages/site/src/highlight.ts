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
import type { FileGroup, LessonFile } from "./lesson-files.ts";

export const COURSE_THEME = createCssVariablesTheme({ name: "course", variablePrefix: "--shiki-", fontStyle: true });

export interface HighlightedFile {
  /** `src/agent.ts` */
  path: string;
  lines: number;
  /** Shiki's `<pre class="shiki">…</pre>`. */
  html: string;
  /** Which list of the lesson page it is in: its source, its demo scripts, its tests. */
  group: FileGroup;
}

export async function courseHighlighter(): Promise<Highlighter> {
  return createHighlighter({ themes: [COURSE_THEME], langs: ["ts", "diff", "yaml"] });
}

/**
 * Source files and demo scripts highlighted; tests as plain text in the same box. Every test
 * file of every lesson is 1.2 MB of TypeScript, about 20 s of highlighting a build: a reader
 * opens few of them, and reads them well enough without colour.
 */
export function highlightModules(highlighter: Highlighter, modules: (SourceModule | LessonFile)[]): HighlightedFile[] {
  return modules.map((m) => {
    const group = "group" in m ? m.group : "source";
    const html =
      group === "test"
        ? `<pre class="shiki course" tabindex="0"><code>${escapeCode(m.text)}</code></pre>`
        : highlighter.codeToHtml(m.text, { lang: group === "demo" ? "yaml" : "ts", theme: "course" });
    return { path: m.path, lines: m.lines, html, group };
  });
}

function escapeCode(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
