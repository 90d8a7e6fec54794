/** `pnpm --filter @learn/site pages`: write the site's pages (run by `dev` and `build` first). */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writePages } from "./pages.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
export const SITE_DIR = path.resolve(here, "..");
const ROOT = path.resolve(SITE_DIR, "../..");

const report = await writePages(ROOT, path.join(SITE_DIR, "pages"));
for (const note of report.skipped) console.log(`note: ${note}`);
console.log(`site: ${report.pages} pages from ${report.lessons.length} lessons (${report.lessons.join(", ")})`);
