/**
 * The site, built once and read in a real browser: headless Chromium from the system's
 * packages, driven by playwright-core. Without Chromium this fails (it never skips): the
 * site is only tested if a browser opens it. `.ci/run` installs Chromium when it is missing.
 *
 * One build, one browser, one pass over every page (loads with no console error, headings
 * in order, images with alt text), then a few pages for each behaviour: the lesson layout at
 * desktop and phone widths, the sidebar's labels, the language switch, the diff views, the
 * compare page, the Chinese pages' names and fonts, the walkthrough's steps, keyboard
 * navigation. Layout is checked by bounding boxes and scroll widths, never by pixels.
 * Screenshots go to test-output/ (git-ignored).
 *
 * Every tab opens in one browser context, as one reader's tabs would: scripts fetched and
 * compiled for the first page are reused by the next. A context per test made the browser
 * fetch and compile everything again each time, which was a third of this file's CPU.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readingOrder } from "../src/lesson-files.ts";
import { codeFile, fileAnchor } from "../src/routes.ts";
import { brokenInternalLinks, buildSite, DIST, externalAssets, pageHtml, pagePaths, SITE_DIR } from "./built-site.ts";
import { serveStatic } from "./static-server.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const OUTPUT = path.join(SITE_DIR, "test-output");
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const LESSON = "/lessons/s12-worktree/";
/** Each language's pages: English at the root, Chinese under /zh. */
const LANGS = [
  { prefix: "", name: "en" },
  { prefix: "/zh", name: "zh" },
] as const;

let browser: Browser;
let context: BrowserContext;
let server: Server;
let base: string;
let pages: string[];
let buildOutput: string;

beforeAll(async () => {
  // Checked first, so a missing browser fails in a second with the fix, not after a build.
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install it (apt-get install -y chromium, as .ci/run does) or set CHROMIUM_PATH`);
  }
  buildOutput = buildSite();
  pages = pagePaths();
  ({ url: base, server } = await serveStatic(DIST));
  browser = await chromium.launch({ executablePath: CHROMIUM });
  context = await browser.newContext({ viewport: DESKTOP });
  mkdirSync(OUTPUT, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  server?.close();
});

/** Record on `problems` every console error, uncaught exception and failed request of the tab. */
function recordProblems(page: Page, problems: string[]): void {
  page.on("console", (m) => m.type() === "error" && problems.push(`${page.url()}: console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`${page.url()}: exception: ${e.message}`));
  page.on("response", (r) => r.status() >= 400 && problems.push(`${page.url()}: ${r.status()} ${r.url()}`));
}

/** A page in a new tab, with every console error and failed request it causes recorded. */
async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  recordProblems(page, errors);
  await page.goto(base + url, { waitUntil: "load" });
  return { page, errors };
}

/**
 * The page's headings in #VPContent (the sidebar's group titles are its own outline) that
 * skip a level, and its images without alt text. Browser-side code is a string: this test is
 * type-checked with the repository's Node programs, which have no DOM types.
 */
const A11Y_PROBE = `(() => {
  const levels = [...document.querySelectorAll("#VPContent :is(h1,h2,h3,h4,h5,h6)")].map((h) => Number(h.tagName[1]));
  const skips = levels.flatMap((level, i) => (level > (i === 0 ? 1 : levels[i - 1] + 1) ? ["h" + (levels[i - 1] ?? 0) + " -> h" + level] : []));
  const noAlt = [...document.images].filter((img) => !img.hasAttribute("alt")).map((img) => img.src);
  return { skips, noAlt };
})()`;

async function accessibility(page: Page): Promise<{ skips: string[]; noAlt: string[] }> {
  return page.evaluate(A11Y_PROBE);
}

/**
 * Layout probes, run in the page (strings, as above). A box "wraps" when it is taller than
 * one and a half of its lines: a label or a diff line drawn on two lines or more.
 */
const WRAPPED = (selector: string) => `[...document.querySelectorAll(${JSON.stringify(selector)})]
  .filter((el) => el.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(el).lineHeight))
  .map((el) => el.textContent.trim().slice(0, 60))`;

/** How an element scrolls sideways: its own width, its content's, its overflow-x, its box. */
const SCROLL_X = (selector: string) => `(() => {
  const el = document.querySelector(${JSON.stringify(selector)});
  const box = el.getBoundingClientRect();
  return { clientWidth: el.clientWidth, scrollWidth: el.scrollWidth, overflowX: getComputedStyle(el).overflowX, right: box.right, bottom: box.bottom, height: box.height };
})()`;

/** A page's title: its h1's text, without the anchor link VitePress adds to it. */
async function headingText(page: Page): Promise<string> {
  return page.evaluate<string>(`document.querySelector(".vp-doc h1").childNodes[0].textContent.trim()`);
}

/** A screenshot once the page's transitions have ended (after a resize, the phone's menu slides away). */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))");
  await page.screenshot({ path: path.join(OUTPUT, `${name}.png`) });
}

/** The text of the focused element when it is one of the top navigation's links, else "". */
const FOCUSED_NAV_LINK = `document.activeElement?.closest(".VPNavBarMenu") ? document.activeElement.textContent ?? "" : ""`;

describe("the built site", () => {
  it("has every lesson, in both languages, with its diff page and its reference, and a compare page", () => {
    for (const lesson of ["s01-loop", "s12-worktree"]) {
      expect(pages).toContain(`/lessons/${lesson}/`);
      expect(pages).toContain(`/zh/lessons/${lesson}/`);
      expect(pages).toContain(`/lessons/${lesson}/diff.html`);
      expect(pages).toContain(`/lessons/${lesson}/reference.html`);
      expect(pages).toContain(`/zh/lessons/${lesson}/reference.html`);
    }
    expect(pages).toEqual(expect.arrayContaining(["/", "/zh/", "/compare.html", "/glossary.html", "/zh/glossary.html"]));
  });

  it("builds with no bundler warning (no circular chunk)", () => {
    expect(buildOutput).not.toMatch(/Circular chunk|\(!\)/);
  });

  it("links the repository's README from the book's front page, in both languages", () => {
    for (const { prefix } of LANGS) {
      expect(pageHtml(`${prefix}/`)).toMatch(new RegExp(`<a [^>]*href="${prefix}/readme\\.html"`));
      expect(pageHtml(`${prefix}/readme.html`)).toContain("learn-agent-harness");
    }
  });

  it("links only to pages (and ids) that exist", () => {
    expect(brokenInternalLinks(pages)).toEqual([]);
  });

  it("loads nothing from another host (no web fonts, no CDN)", () => {
    expect(externalAssets()).toEqual([]);
  });

  it("loads every page with no console error, headings in order and alt text on images", async () => {
    const page = await context.newPage();
    const problems: string[] = [];
    recordProblems(page, problems);
    for (const url of pages) {
      await page.goto(base + url, { waitUntil: "load" });
      const { skips, noAlt } = await accessibility(page);
      problems.push(...skips.map((s) => `${url}: heading skipped a level (${s})`), ...noAlt.map((src) => `${url}: img without alt: ${src}`));
    }
    await page.close();
    expect(problems).toEqual([]);
  });
});

describe("a lesson page", () => {
  it("shows the README and the code side by side on a desktop, stacked on a phone, headings in order", async () => {
    const { page, errors } = await open(LESSON);
    await page.locator(".lesson-code .shiki").first().waitFor();
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport); // the same page, laid out again at the new width
      const text = (await page.locator(".lesson-text").boundingBox())!;
      const code = (await page.locator(".lesson-code").boundingBox())!;
      if (viewport === DESKTOP) {
        expect(code.x).toBeGreaterThanOrEqual(text.x + text.width); // beside it, to the right
        expect(code.y).toBeLessThan(text.y + text.height); // at the same height
        expect(text.width).toBeGreaterThanOrEqual(480); // room for prose (it was 424)
        expect(code.width).toBeGreaterThanOrEqual(430); // and for code
      } else {
        expect(code.y).toBeGreaterThanOrEqual(text.y + text.height); // below it
        expect(code.width).toBeGreaterThan(viewport.width * 0.8); // the full width of the phone
      }
    }
    // The code column is drawn in the browser: its headings must keep the page's order too.
    expect(await accessibility(page)).toEqual({ skips: [], noAlt: [] });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("cuts no line of code at 1280 px: the longest file's lines wrap in its box, the whole box on the screen", async () => {
    const files = JSON.parse(readFileSync(path.join(DIST, codeFile("s12-worktree")), "utf8")) as { path: string; lines: number; group: string }[];
    const longest = files.filter((f) => f.group === "source").reduce((a, b) => (b.lines > a.lines ? b : a));
    const anchor = fileAnchor(longest.path);
    const { page, errors } = await open(`${LESSON}#${anchor}`); // opens that file and scrolls to it
    const pre = `#${anchor} .shiki`;
    await page.locator(pre).waitFor();
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.locator(pre).scrollIntoViewIfNeeded();
      const box = await page.evaluate<{ clientWidth: number; scrollWidth: number; overflowX: string; right: number; bottom: number; height: number }>(SCROLL_X(pre));
      expect(box.scrollWidth, `${viewport.width} px: nothing hidden to the right`).toBeLessThanOrEqual(box.clientWidth);
      expect(box.right).toBeLessThanOrEqual(viewport.width); // the box is not cut off
      expect(box.height).toBeLessThan(viewport.height - 64); // nor taller than the screen below the nav:
      expect(box.bottom).toBeLessThanOrEqual(viewport.height); // its scrollbar can be seen
      if (viewport === DESKTOP) {
        // Lines longer than the column exist there, and were wrapped, not hidden.
        expect(await page.evaluate<number>(`document.querySelector(${JSON.stringify(pre)}).scrollHeight`)).toBeGreaterThan(longest.lines * 13 * 1.6);
        const column = await page.evaluate<{ clientWidth: number; scrollWidth: number }>(SCROLL_X(".lesson-code"));
        expect(column.scrollWidth).toBeLessThanOrEqual(column.clientWidth);
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("lists the source files in reading order, then the demo scripts and the tests; the walkthrough's script link opens its script", async () => {
    // The reading the docs generate for s03: agent.ts and the kernel, then its three mechanisms'
    // folders in the list's order (settings, permissions, command hooks), each index.ts first.
    const spine = await readingOrder(path.join(SITE_DIR, "..", "s03-hooks"));
    expect(spine.slice(0, 2)).toEqual(["src/agent.ts", "../core/src/runtime/kernel/kernel.ts"]);
    const folders = [...new Set(spine.slice(2).map((f) => f.split("/").slice(0, 2).join("/")))];
    expect(folders).toEqual(["src/settings", "src/permissions", "src/command-hooks"]);
    for (const folder of folders) expect(spine.find((f) => f.startsWith(`${folder}/`))).toBe(`${folder}/index.ts`);
    const { page, errors } = await open("/lessons/s03-hooks/");
    await page.locator(".lesson-code .shiki").first().waitFor();
    const listed = await page.locator(".lesson-code summary code").allTextContents();
    const sources = listed.filter((f) => f.startsWith("src/"));
    expect(sources.slice(0, spine.filter((f) => f.startsWith("src/")).length)).toEqual(spine.filter((f) => f.startsWith("src/")));
    // Source, then demo scripts, then tests, each list under its heading.
    const firstDemo = listed.indexOf("demo/guarded.yaml");
    expect(firstDemo).toBe(sources.length);
    expect(listed.slice(firstDemo + 2).every((f) => f.startsWith("test/"))).toBe(true);
    expect(await page.locator(".lesson-code h3.file-group").allTextContents()).toEqual(["Demo scripts", "Tests"]);
    expect(await accessibility(page)).toEqual({ skips: [], noAlt: [] });
    // "Script: demo/guarded.yaml" in the walkthrough leads to the script, which opens.
    await page.locator('.lesson-text a[href$="#file-demo-guarded-yaml"]').first().click();
    await page.locator("#file-demo-guarded-yaml .shiki").waitFor();
    expect(await page.locator("#file-demo-guarded-yaml .shiki").textContent()).toContain("turns:");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("labels each lesson and book page on one line of the sidebar, in both languages", async () => {
    for (const { prefix } of LANGS) {
      const { page } = await open(`${prefix}${LESSON}`);
      await page.locator(".VPSidebar .VPSidebarItem .text").first().waitFor();
      expect(await page.evaluate<string[]>(WRAPPED(".VPSidebar .VPSidebarItem.level-1 .text"))).toEqual([]);
      expect(await page.locator(".VPSidebar .VPSidebarItem.level-1 .text").count()).toBeGreaterThan(12);
      await page.close();
    }
  });

  it("says which file could not be loaded when a lesson's code is missing, and the README still shows", async () => {
    const page = await context.newPage();
    await page.route("**/code/s12-worktree.json", (route) => route.fulfill({ status: 404, body: "not found" }));
    await page.goto(base + LESSON, { waitUntil: "load" });
    await expect.poll(() => page.locator(".lesson-code [role=alert]").textContent()).toBe("Could not load the source files: /code/s12-worktree.json: 404 Not Found");
    expect(await page.locator(".lesson-text h1").textContent()).toMatch(/^s12/);
    await page.close();
  });

  it("switches from English to the same lesson in Chinese", async () => {
    const { page } = await open(LESSON);
    await page.locator(".VPNavBarTranslations button").hover();
    await page.locator(".VPNavBarTranslations a", { hasText: "中文" }).click();
    await page.waitForURL(`${base}/zh${LESSON}`);
    // The router changes the URL first, then the page's language: wait for it.
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("zh");
    await expect.poll(() => page.locator(".lesson-text h1").textContent()).toMatch(/^s12/);
    await page.close();
  });

  it("shows the walkthrough one step at a time on request", async () => {
    const { page } = await open(LESSON);
    const steps = page.locator(".walk-step");
    const all = await steps.count();
    expect(all).toBeGreaterThan(2);
    await page.getByRole("button", { name: "Step by step" }).click();
    expect(await page.locator(".walk-step:visible").count()).toBe(1);
    await page.getByRole("button", { name: "Next →" }).click();
    expect(await steps.nth(1).isVisible()).toBe(true);
    expect(await steps.nth(0).isVisible()).toBe(false);
    await page.close();
  });
});

describe("the diff views", () => {
  it("show what s12 adds to s11, side by side and unified, headings in order", async () => {
    const { page, errors } = await open("/lessons/s12-worktree/diff.html");
    const added = page.locator(".view-split td.add", { hasText: "followTasks" }).first();
    await added.waitFor();
    expect(await added.isVisible()).toBe(true);
    expect(await accessibility(page)).toEqual({ skips: [], noAlt: [] });
    // Nothing is cut at 1280 px: a long line wraps in its half; both halves share each row.
    const table = await page.evaluate<{ clientWidth: number; scrollWidth: number; right: number }>(SCROLL_X(".view-split .side-by-side"));
    expect(table.scrollWidth).toBeLessThanOrEqual(table.clientWidth);
    expect(table.right).toBeLessThanOrEqual(DESKTOP.width);
    const clipped = `[...document.querySelectorAll(".view-split td.code")].filter((td) => td.scrollWidth > td.clientWidth + 1).map((td) => td.textContent.slice(0, 60))`;
    expect(await page.evaluate<string[]>(clipped)).toEqual([]);
    expect((await page.evaluate<string[]>(WRAPPED(".view-split td.code"))).length).toBeGreaterThan(0); // long lines exist, and wrapped
    const halves = `[...document.querySelectorAll(".view-split tbody tr:not(.hunk)")].filter((tr) => tr.cells[1].getBoundingClientRect().top !== tr.cells[3].getBoundingClientRect().top).length`;
    expect(await page.evaluate<number>(halves)).toBe(0); // row for row
    await page.getByRole("button", { name: "Unified" }).click();
    expect(await added.isVisible()).toBe(false);
    const unified = page.locator(".view-unified", { hasText: "+" }).filter({ hasText: "followTasks" }).first();
    expect(await unified.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("compare any two lessons in the browser, headings in order", async () => {
    const { page, errors } = await open("/compare.html?from=s11-autonomy&to=s12-worktree");
    await page.locator(".compare-diff").first().waitFor();
    expect(await page.locator(".compare-diff .add", { hasText: "worktreesFor" }).count()).toBeGreaterThan(0);
    expect(await accessibility(page)).toEqual({ skips: [], noAlt: [] });
    // The diff spans the page beside the sidebar: no empty third on the right.
    const diff = await page.evaluate<{ right: number }>(SCROLL_X(".compare-diff"));
    expect(diff.right).toBeGreaterThan(DESKTOP.width * 0.9);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("the Chinese pages", () => {
  it("call each book page what its title says, with Chinese quotes", async () => {
    const { page } = await open("/zh/");
    const bookTitle = await headingText(page);
    expect(await page.locator(".VPNavBarMenuLink").first().textContent()).toBe(bookTitle); // 课程手册
    const sidebar = await page.locator(".VPSidebar").textContent();
    await page.close();
    const providers = await open("/zh/providers.html");
    const providersTitle = await headingText(providers.page);
    await providers.page.close();
    const names: string[] = [];
    const asciiQuotes: string[] = [];
    // The book's pages (not the repository's README: English, while there is no README.zh.md).
    const book = pages.filter((p) => p.startsWith("/zh/") && !p.includes("/lessons/") && !["/zh/compare.html", "/zh/readme.html"].includes(p));
    for (const url of book) {
      const { page } = await open(url);
      names.push(...(await page.locator('.vp-doc a[href="/zh/providers.html"]').allTextContents()));
      // The prose, without code (where ASCII quotes belong).
      const prose = await page.evaluate<string>(`(() => { const doc = document.querySelector(".vp-doc").cloneNode(true); doc.querySelectorAll("code, pre").forEach((c) => c.remove()); return doc.textContent; })()`);
      asciiQuotes.push(...(prose.match(/.{0,12}"[^"\n]{0,20}/g) ?? []).map((m) => `${url}: ${m}`));
      await page.close();
    }
    expect(names.length).toBeGreaterThan(3);
    expect(new Set(names)).toEqual(new Set([providersTitle])); // 接入模型服务
    expect(sidebar).toContain(providersTitle);
    expect(sidebar).not.toContain('"');
    expect(asciiQuotes).toEqual([]);
  });

  it("name a Chinese font after the Latin ones, for text and code (without one, every glyph is a box)", async () => {
    const { page } = await open("/zh/");
    const fonts = await page.evaluate<string[]>(`[document.body, document.querySelector(".vp-doc code")].map((el) => getComputedStyle(el).fontFamily)`);
    for (const family of fonts) expect(family).toMatch(/"Noto Sans CJK SC".*"Microsoft YaHei"/);
    await page.close();
  });
});

describe("screenshots (test-output/)", () => {
  it("of the lesson page, a side-by-side diff and the compare page, at 1280 and 390 px, in both languages", async () => {
    for (const { prefix, name } of LANGS) {
      for (const [url, shot, ready] of [
        [LESSON, "lesson", ".lesson-code .shiki"],
        ["/lessons/s12-worktree/diff.html", "diff", ".view-split td.add"],
        ["/compare.html?from=s11-autonomy&to=s12-worktree", "compare", ".compare-diff"],
      ] as const) {
        const { page, errors } = await open(prefix + url);
        await page.locator(ready).first().waitFor();
        for (const viewport of [DESKTOP, PHONE]) {
          await page.setViewportSize(viewport);
          await screenshot(page, `${shot}-${name}-${viewport.width}`);
        }
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  });
});

describe("keyboard", () => {
  it("reaches the navigation links with Tab", async () => {
    const { page } = await open("/");
    let reached = "";
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate<string>(FOCUSED_NAV_LINK);
    }
    expect(reached.trim()).not.toBe("");
    await page.close();
  });
});
