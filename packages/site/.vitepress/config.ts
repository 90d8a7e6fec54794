/**
 * The VitePress config: one site in two languages (English at the root, Chinese under /zh/),
 * built from the pages `src/pages.ts` generated into the root's `.site-pages/` (git-ignored).
 * The sidebar is read from the list the generator wrote beside them, so a new lesson
 * appears without an edit here. The course's relative links are rewritten by `src/link-rewrite.ts`, and headings
 * get GitHub's ids (`src/slug.ts`), which those links use.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig, type DefaultTheme } from "vitepress";
import { COURSE_THEME } from "../src/highlight.ts";
import { linkRewrite } from "../src/link-rewrite.ts";
import { comparePage, pageLink, type Lang } from "../src/routes.ts";
import { githubSlug } from "../src/slug.ts";
import { SITE_DATA_FILE, type SiteData } from "../src/site-data.ts";

const require = createRequire(import.meta.url);
const VUE_DIR = path.dirname(createRequire(require.resolve("vitepress")).resolve("vue/package.json"));
// Where src/pages-cli.ts writes the pages: the repository root's .site-pages (git-ignored).
const PAGES = "../../.site-pages";
const data = JSON.parse(readFileSync(new URL(`${PAGES}/${SITE_DATA_FILE}`, new URL("..", import.meta.url)), "utf8")) as SiteData;

const WORDS: Record<Lang, { book: string; lessons: string; compare: string; diff: string }> = {
  en: { book: "Book", lessons: "Lessons", compare: "Compare lessons", diff: "Code diff" },
  zh: { book: "课程手册", lessons: "课程", compare: "对比两课", diff: "代码差异" },
};

function sidebar(lang: Lang): DefaultTheme.SidebarItem[] {
  const words = WORDS[lang];
  return [
    { text: words.book, items: data.book[lang].map((e) => ({ text: e.title, link: pageLink(e.page) })) },
    {
      text: words.lessons,
      items: data.lessons[lang].map((l) => ({
        text: l.title,
        link: pageLink(l.page),
        items: l.diffPage ? [{ text: words.diff, link: pageLink(l.diffPage) }] : undefined,
        collapsed: l.diffPage ? true : undefined,
      })),
    },
    { text: words.compare, link: pageLink(comparePage(lang)) },
  ];
}

function nav(lang: Lang): DefaultTheme.NavItem[] {
  const words = WORDS[lang];
  const first = data.lessons[lang][0];
  return [
    { text: words.book, link: pageLink(data.book[lang][0]?.page ?? "index.md") },
    ...(first ? [{ text: words.lessons, link: pageLink(first.page) }] : []),
    { text: words.compare, link: pageLink(comparePage(lang)) },
  ];
}

export default defineConfig({
  srcDir: PAGES,
  // The pages sit outside this package, where `vue` cannot be found from them: point their
  // imports at the Vue that VitePress itself uses. Rollup's tree-shaking stays on: without it,
  // `vue`'s own entry (a module that only re-exports @vue/runtime-dom) is kept as a module of
  // its own, which VitePress's chunk rule puts in neither its "framework" nor its "theme" chunk;
  // Rollup then puts it in "theme", and "framework" imports it ("Circular chunk: theme ->
  // framework -> theme"). Tree-shaking drops the re-export, and the cycle with it.
  vite: { resolve: { alias: [{ find: /^vue(\/server-renderer)?$/, replacement: `${VUE_DIR}$1` }] } },
  outDir: "dist",
  cacheDir: ".vitepress/cache",
  title: "Learn Agent Harness",
  // No favicon file to fetch (a browser asks for /favicon.ico otherwise, and gets a 404).
  head: [["link", { rel: "icon", href: "data:," }]],
  description: "Rebuild a Claude-Code-style coding agent harness from zero, one mechanism per lesson.",
  locales: {
    root: { label: "English", lang: "en", themeConfig: { nav: nav("en"), sidebar: sidebar("en") } },
    zh: { label: "中文", lang: "zh", link: "/zh/", themeConfig: { nav: nav("zh"), sidebar: sidebar("zh") } },
  },
  themeConfig: { outline: { level: [2, 3] } },
  // One CSS-variable theme for light and dark: Shiki tokenizes each block once (highlight.ts).
  markdown: { theme: COURSE_THEME, anchor: { slugify: githubSlug }, config: (md) => linkRewrite(md) },
});
