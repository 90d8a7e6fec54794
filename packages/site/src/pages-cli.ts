/** `pnpm --filter @learn/site pages`: write the site's pages (run by `dev` and `build` first). */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writePages } from "./pages.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const SITE_DIR = path.resolve(here, "..");
const ROOT = path.resolve(SITE_DIR, "../..");

/**
 * The generated pages live at the repository's root, git-ignored, not in this package: the
 * docs' link check reads every Markdown file under packages/, and these copies of the course's
 * pages hold links that only make sense on the site. The VitePress config's srcDir is this.
 */
const PAGES_DIR = path.join(ROOT, ".site-pages");

const report = await writePages(ROOT, PAGES_DIR);
for (const note of report.skipped) console.log(`note: ${note}`);
console.log(`site: ${report.pages} pages from ${report.lessons.length} lessons (${report.lessons.join(", ")})`);
