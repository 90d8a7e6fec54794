/**
 * The VitePress config: one site in two languages (English at the root, Chinese under /zh/),
 * built from the pages `src/pages.ts` generated into the root's `.site-pages/` (git-ignored).
 * The sidebar is made from the list the generator wrote beside them (`src/sidebar.ts`), so a
 * new lesson, and its reference, appear without an edit here. The course's relative links are rewritten by `src/link-rewrite.ts`, and headings
 * get GitHub's ids (`src/slug.ts`), which those links use.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig } from "vitepress";
import { COURSE_THEME } from "../src/highlight.ts";
import { linkRewrite } from "../src/link-rewrite.ts";
import { navFor, sidebarFor } from "../src/sidebar.ts";
import { githubSlug } from "../src/slug.ts";
import { SITE_DATA_FILE, type SiteData } from "../src/site-data.ts";

const require = createRequire(import.meta.url);
const VUE_DIR = path.dirname(createRequire(require.resolve("vitepress")).resolve("vue/package.json"));
// Where src/pages-cli.ts writes the pages: the repository root's .site-pages (git-ignored).
const PAGES = "../../.site-pages";
const data = JSON.parse(readFileSync(new URL(`${PAGES}/${SITE_DATA_FILE}`, new URL("..", import.meta.url)), "utf8")) as SiteData;

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
    root: { label: "English", lang: "en", themeConfig: { nav: navFor(data, "en"), sidebar: sidebarFor(data, "en") } },
    zh: { label: "中文", lang: "zh", link: "/zh/", themeConfig: { nav: navFor(data, "zh"), sidebar: sidebarFor(data, "zh") } },
  },
  themeConfig: { outline: { level: [2, 3] } },
  // One CSS-variable theme for light and dark: Shiki tokenizes each block once (highlight.ts).
  markdown: { theme: COURSE_THEME, anchor: { slugify: githubSlug }, config: (md) => linkRewrite(md) },
});
