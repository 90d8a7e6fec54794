/**
 * The built site as files: build it (the same `pnpm build` a reader runs), list its pages,
 * and check what can be checked without a browser — every internal link leads to a page
 * that exists (and to an id on it), and no asset is fetched from another host.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { codeFile, fileAnchor } from "../src/routes.ts";
import { fileForUrl } from "./static-server.ts";

export const SITE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DIST = path.join(SITE_DIR, "dist");

/** Build the site; returns what the build printed (both streams), for its warnings. */
export function buildSite(): string {
  const run = spawnSync("pnpm", ["run", "build"], { cwd: SITE_DIR, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  const output = `${run.stdout}${run.stderr}`;
  if (run.status !== 0) throw new Error(`The site's build failed (${run.error?.message ?? `exit ${run.status}`}):\n${output}`);
  return output;
}

/** Every page's URL path: `/`, `/lessons/s01-loop/`, `/glossary.html`… (404.html is not a page). */
export function pagePaths(): string[] {
  const files = readdirSync(DIST, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".html") && f !== "404.html");
  return files.map((f) => `/${f.split(path.sep).join("/")}`.replace(/(^|\/)index\.html$/, "$1")).sort();
}

/** Files read once per check: many links lead to the same few pages. */
const texts = new Map<string, string>();
function readOnce(file: string): string {
  if (!texts.has(file)) texts.set(file, readFileSync(file, "utf8"));
  return texts.get(file)!;
}

export function pageHtml(urlPath: string): string {
  const file = fileForUrl(DIST, urlPath);
  if (!file) throw new Error(`no page for ${urlPath}`);
  return readOnce(file);
}

export interface BrokenLink {
  page: string;
  href: string;
}

/**
 * Internal links that lead nowhere, in every page's HTML. An anchor must be an id on the
 * target page, except a source file's anchor (`#file-…`): those blocks are drawn in the
 * browser from the lesson's code file, so the anchor is checked against that file.
 */
export function brokenInternalLinks(pages: string[]): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const page of pages) {
    for (const href of hrefsIn(pageHtml(page))) {
      if (/^(?:[a-z]+:|\/\/)/i.test(href)) continue; // another site, mail
      const [target = "", anchor] = href.split("#", 2);
      const resolved = target === "" ? page : new URL(target, `http://site${page}`).pathname;
      const file = fileForUrl(DIST, resolved);
      if (!file) broken.push({ page, href });
      else if (anchor && !hasAnchor(readOnce(file), decodeURIComponent(anchor), resolved)) broken.push({ page, href });
    }
  }
  return broken;
}

function hasAnchor(html: string, anchor: string, page: string): boolean {
  if (html.includes(`id="${anchor}"`)) return true;
  const lesson = /^\/(?:zh\/)?lessons\/([^/]+)\/$/.exec(page)?.[1];
  if (!lesson || !anchor.startsWith("file-")) return false;
  return fileAnchorsOf(lesson).has(anchor);
}

const fileAnchors = new Map<string, Set<string>>();
function fileAnchorsOf(lesson: string): Set<string> {
  if (!fileAnchors.has(lesson)) {
    const files = JSON.parse(readFileSync(path.join(DIST, codeFile(lesson)), "utf8")) as { path: string }[];
    fileAnchors.set(lesson, new Set(files.map((f) => fileAnchor(f.path))));
  }
  return fileAnchors.get(lesson)!;
}

function hrefsIn(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
}

/** `src=`, `<link href=` and CSS `url(…)` values on another host, in the built HTML, CSS and JS. */
export function externalAssets(): string[] {
  const found: string[] = [];
  const files = readdirSync(DIST, { recursive: true, encoding: "utf8" }).filter((f) => /\.(html|css)$/.test(f));
  for (const file of files) {
    const text = readFileSync(path.join(DIST, file), "utf8");
    const assets = [
      ...text.matchAll(/<(?:script|img|iframe|source|video|audio)\b[^>]*\bsrc="(https?:)?\/\/[^"]*"/g),
      ...text.matchAll(/<link\b[^>]*\bhref="(?:https?:)?\/\/[^"]*"/g),
      ...text.matchAll(/url\(\s*['"]?(?:https?:)?\/\/[^)]*\)/g),
      ...text.matchAll(/@import\s+['"](?:https?:)?\/\/[^'"]*['"]/g),
    ];
    found.push(...assets.map((m) => `${file}: ${m[0].slice(0, 120)}`));
  }
  return found;
}
