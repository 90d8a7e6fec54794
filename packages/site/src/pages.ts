/**
 * Generate every page of the site from the repository, into a folder that git ignores:
 *
 *   docs/*.md, docs/*.zh.md            -> the book, en at the root and zh under zh/
 *   README.md (the repository's)       -> readme.md and zh/readme.md, which the book links to
 *   packages/sNN-name/README(.zh).md   -> lessons/sNN-name/index.md: README beside its code
 *   packages/sNN-name/REFERENCE(.zh).md -> lessons/sNN-name/reference.md, as it is
 *   each lesson against the one before -> lessons/sNN-name/diff.md
 *   every lesson's source files        -> public/code/sNN-name.json, highlighted, for its pages
 *     (in reading order), its demo scripts and its tests
 *   the diffs, once for both languages -> public/diffs/sNN-name.json
 *                                         public/lessons.json, plain, for the compare page
 *
 * Nothing here is a copy to maintain: lessons are found by the docs generator's discovery,
 * so a new lesson folder appears on the site at the next build without editing the site.
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { discoverLessons, lessonModules, type SourceModule } from "@learn/docs";
import { diffPageMarkdown, lessonDiffs } from "./diff-page.ts";
import { SITE_LABELS } from "./labels.ts";
import { courseHighlighter, highlightModules } from "./highlight.ts";
import { demoAndTestFiles, inReadingOrder, readingOrder } from "./lesson-files.ts";
import { lessonPageMarkdown } from "./lesson-page.ts";
import { bookPage, codeFile, comparePage, diffFile, diffPage, LANGS, lessonPage, referencePage, repoReadmePage, type Lang } from "./routes.ts";
import { firstHeading, shortTitle, SITE_DATA_FILE, type SiteData, type SiteLesson } from "./site-data.ts";

export interface PagesReport {
  pages: number;
  lessons: string[];
  skipped: string[];
}

export async function writePages(root: string, outDir: string): Promise<PagesReport> {
  // Start empty: a lesson renamed or removed must not leave its old pages behind.
  await rm(outDir, { recursive: true, force: true });
  const write = async (page: string, text: string) => {
    await mkdir(path.dirname(path.join(outDir, page)), { recursive: true });
    await writeFile(path.join(outDir, page), text);
  };
  const data: SiteData = { book: { en: [], zh: [] }, lessons: { en: [], zh: [] } };
  let pages = 0;

  const docs = (await readdir(path.join(root, "docs"))).filter((f) => f.endsWith(".md")).sort(indexFirst);
  for (const doc of docs) {
    const text = await readFile(path.join(root, "docs", doc), "utf8");
    const { page, lang } = bookPage(doc);
    await write(page, text);
    data.book[lang].push({ page, title: firstHeading(text, doc) });
    pages++;
  }
  // Not in the sidebar (it is the repository's front page, not a chapter): linked from the book.
  for (const lang of LANGS) {
    const own = lang === "en" ? undefined : await readText(path.join(root, `README.${lang}.md`));
    const readme = own ?? (await readText(path.join(root, "README.md")));
    if (readme === undefined) continue;
    await write(repoReadmePage(lang), readme);
    pages++;
  }

  const { lessons, skipped } = await discoverLessons(root);
  // In reading order (lesson-files.ts): the diffs and the lesson page list the files as a student reads them.
  const code = await Promise.all(lessons.map(async (l) => ({ dirName: l.dirName, modules: inReadingOrder(await lessonModules(l.dir), await readingOrder(l.dir)) })));
  const highlighter = await courseHighlighter();
  for (const [i, lesson] of lessons.entries()) {
    const previous = code[i - 1];
    // The page shows the demo scripts and tests too (what the scripted model was told, what is checked); the diffs do not.
    const shown = [...code[i]!.modules, ...(await demoAndTestFiles(lesson.dir))];
    await write(path.join("public", codeFile(lesson.dirName)), JSON.stringify(highlightModules(highlighter, shown)));
    if (previous) await write(path.join("public", diffFile(lesson.dirName)), JSON.stringify(lessonDiffs(code[i]!, previous, highlighter)));
    for (const lang of LANGS) {
      const readmeName = lang === "en" ? "README.md" : `README.${lang}.md`;
      const readme = await readFile(path.join(lesson.dir, readmeName), "utf8").catch(() => undefined);
      if (readme === undefined) continue; // a lesson still being translated: its other language still shows
      const readmeFile = `packages/${lesson.dirName}/${readmeName}`;
      const page = lessonPage(lesson.dirName, lang);
      await write(page, lessonPageMarkdown({ dirName: lesson.dirName, lang, readme, readmeFile, hasPrevious: !!previous }));
      await write(diffPage(lesson.dirName, lang), diffPageMarkdown(code[i]!, previous, lang));
      const title = shortTitle(firstHeading(readme, `${lesson.lesson.id} · ${lesson.lesson.title}`));
      // The README links its REFERENCE; the page is the file as it is (the link rewriter resolves its links).
      const reference = await readText(path.join(lesson.dir, lang === "en" ? "REFERENCE.md" : `REFERENCE.${lang}.md`));
      if (reference !== undefined) await write(referencePage(lesson.dirName, lang), reference);
      data.lessons[lang].push({
        page,
        title,
        dirName: lesson.dirName,
        diffPage: previous ? diffPage(lesson.dirName, lang) : undefined,
        referencePage: reference === undefined ? undefined : referencePage(lesson.dirName, lang),
      });
      pages += reference === undefined ? 2 : 3;
    }
  }

  for (const lang of LANGS) {
    const labels = SITE_LABELS[lang];
    const head = "---\naside: false\npageClass: compare-page\n---\n\n";
    await write(comparePage(lang), `${head}# ${labels.compareTitle}\n\n${labels.compareIntro}\n\n<CompareLessons />\n`);
    pages++;
  }
  await write(path.join("public", "lessons.json"), JSON.stringify(compareData(code, data.lessons)));
  await write(SITE_DATA_FILE, JSON.stringify(data, null, 2));
  return { pages, lessons: lessons.map((l) => l.dirName), skipped };
}

async function readText(file: string): Promise<string | undefined> {
  return readFile(file, "utf8").catch(() => undefined);
}

/**
 * The compare page's data: each lesson's short title in each language (a lesson not yet
 * translated keeps its English one) and its source files, read in the browser.
 */
function compareData(code: { dirName: string; modules: SourceModule[] }[], lessons: Record<Lang, SiteLesson[]>) {
  const titleIn = (lang: Lang, dirName: string) => lessons[lang].find((l) => l.dirName === dirName)?.title;
  return code.map(({ dirName, modules }) => {
    const en = titleIn("en", dirName) ?? dirName;
    return {
      dirName,
      titles: Object.fromEntries(LANGS.map((lang) => [lang, titleIn(lang, dirName) ?? en])) as Record<Lang, string>,
      files: Object.fromEntries(modules.map((m) => [m.path, m.text])),
    };
  });
}

/** The book's front page first, then the rest by name. */
function indexFirst(a: string, b: string): number {
  const rank = (f: string) => (f.startsWith("index.") ? 0 : 1);
  return rank(a) - rank(b) || a.localeCompare(b);
}

