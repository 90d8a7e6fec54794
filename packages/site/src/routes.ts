/**
 * Where each repository file lives on the site, in one place. The page generator uses it to
 * name the pages it writes, and the Markdown link rewriter uses it to turn the course's
 * relative links (written for GitHub: `../s02-tools/README.md`, `src/agent.ts`) into site
 * links. A file that has no page (a test fixture, a package.json) gets no link: see link-rewrite.ts.
 *
 *   docs/index.md                  -> index.md            docs/index.zh.md -> zh/index.md
 *   docs/glossary.md               -> glossary.md         ...
 *   README.md (the repository's)   -> readme.md           and zh/readme.md (README.zh.md if there is one)
 *   packages/s01-loop/README.md    -> lessons/s01-loop/index.md   (README.zh.md -> zh/lessons/…)
 *   packages/s01-loop/REFERENCE.md -> lessons/s01-loop/reference.md (REFERENCE.zh.md -> zh/lessons/…)
 *   packages/s01-loop/src/agent.ts -> that lesson page, at the file's anchor
 *   packages/s01-loop/demo/hello.yaml, test/loop.test.ts -> the same, below the source files
 *
 * Plain string functions with no Node imports: the VitePress config bundles this file.
 */

export type Lang = "en" | "zh";
export const LANGS: readonly Lang[] = ["en", "zh"];

/** A lesson folder: `s01-loop`. The same rule as the docs generator's discovery. */
const LESSON = /^s\d\d-[a-z0-9-]+$/;

/** The prefix of a language's pages: "" for English (the root locale), "zh/" for Chinese. */
export function langPrefix(lang: Lang): string {
  return lang === "en" ? "" : `${lang}/`;
}

export function lessonPage(dirName: string, lang: Lang): string {
  return `${langPrefix(lang)}lessons/${dirName}/index.md`;
}

/** A lesson's REFERENCE: what the README leaves out, linked from it and from the sidebar. */
export function referencePage(dirName: string, lang: Lang): string {
  return `${langPrefix(lang)}lessons/${dirName}/reference.md`;
}

export function diffPage(dirName: string, lang: Lang): string {
  return `${langPrefix(lang)}lessons/${dirName}/diff.md`;
}

/**
 * The repository's own README, which the book's front page links to. A page in each language,
 * so the language switch on it leads somewhere: the Chinese one shows the English README
 * while the repository has no README.zh.md, inside the Chinese site.
 */
export function repoReadmePage(lang: Lang): string {
  return `${langPrefix(lang)}readme.md`;
}

export function comparePage(lang: Lang): string {
  return `${langPrefix(lang)}compare.md`;
}

/** A lesson's highlighted source files (JSON, under the site's public folder), shared by both languages. */
export function codeFile(dirName: string): string {
  return `code/${dirName}.json`;
}

/** A lesson's diffs against the lesson before it (JSON, under the public folder), shared by both languages. */
export function diffFile(dirName: string): string {
  return `diffs/${dirName}.json`;
}

/** The id of a source file's block on its lesson page: `src/tools/bash.ts` -> `file-src-tools-bash-ts`. */
export function fileAnchor(file: string): string {
  return `file-${file.replace(/[^a-zA-Z0-9]+/g, "-").toLowerCase()}`;
}

/** A book page: `docs/glossary.zh.md` -> `zh/glossary.md`. */
export function bookPage(docName: string): { page: string; lang: Lang } {
  const zh = docName.endsWith(".zh.md");
  const base = zh ? docName.slice(0, -".zh.md".length) : docName.slice(0, -".md".length);
  const lang: Lang = zh ? "zh" : "en";
  return { page: `${langPrefix(lang)}${base}.md`, lang };
}

/**
 * The site page (and anchor) that shows a repository file, or undefined when none does.
 * `lang` picks the language of pages that exist in both (a lesson's source files).
 */
export function pageForRepoFile(repoPath: string, lang: Lang): string | undefined {
  if (repoPath === "README.md") return repoReadmePage(lang);
  if (repoPath === "README.zh.md") return repoReadmePage("zh");
  const parts = repoPath.replace(/\/+$/, "").split("/");
  if (parts[0] === "docs" && parts.length === 2 && parts[1]!.endsWith(".md")) return bookPage(parts[1]!).page;
  if (parts[0] !== "packages" || !parts[1] || !LESSON.test(parts[1])) return undefined;
  const dirName = parts[1];
  const rest = parts.slice(2).join("/");
  if (rest === "" || rest === "README.md") return lessonPage(dirName, rest === "" ? lang : "en");
  if (rest === "README.zh.md") return lessonPage(dirName, "zh");
  if (rest === "REFERENCE.md") return referencePage(dirName, "en");
  if (rest === "REFERENCE.zh.md") return referencePage(dirName, "zh");
  // The entry points are not among the files a lesson page shows (the docs' `lessonModules`
  // leaves them out: every lesson has the same two): a link to one goes to the page.
  if (rest === "src/index.ts" || rest === "src/main.ts") return lessonPage(dirName, lang);
  if (rest.startsWith("src/") && rest.endsWith(".ts")) return `${lessonPage(dirName, lang)}#${fileAnchor(rest)}`;
  // Its demo scripts and tests are on the page too, below its source (lesson-files.ts).
  if (/^demo\/[^/]+\.yaml$/.test(rest) || (rest.startsWith("test/") && rest.endsWith(".ts"))) return `${lessonPage(dirName, lang)}#${fileAnchor(rest)}`;
  return undefined;
}

/** The repository file a generated page was made from, to resolve its relative links. */
export function repoFileForPage(page: string): { file: string; lang: Lang } | undefined {
  const zh = page.startsWith("zh/");
  const lang: Lang = zh ? "zh" : "en";
  const rest = zh ? page.slice(3) : page;
  const lesson = /^lessons\/([^/]+)\/index\.md$/.exec(rest);
  if (lesson) return { file: `packages/${lesson[1]}/README${zh ? ".zh" : ""}.md`, lang };
  const reference = /^lessons\/([^/]+)\/reference\.md$/.exec(rest);
  if (reference) return { file: `packages/${reference[1]}/REFERENCE${zh ? ".zh" : ""}.md`, lang };
  if (rest === "readme.md") return { file: `README${zh ? ".zh" : ""}.md`, lang };
  if (!rest.includes("/") && rest !== "compare.md") return { file: `docs/${rest.slice(0, -3)}${zh ? ".zh" : ""}.md`, lang };
  return undefined;
}

/** A page's URL on the site, as a sidebar or nav link: `lessons/s01-loop/index.md` -> `/lessons/s01-loop/`. */
export function pageLink(page: string): string {
  return `/${page.replace(/(^|\/)index\.md$/, "$1").replace(/\.md$/, "")}`;
}
