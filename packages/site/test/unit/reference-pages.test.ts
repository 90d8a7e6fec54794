/**
 * A lesson's REFERENCE on the site, without a browser: the page generator writes it in each
 * language beside the lesson's page, the sidebar lists it under the lesson, and the links
 * between README and REFERENCE — and from the REFERENCE to the lesson's code — lead to the
 * site's pages. On a small course made up in a temporary folder: two lessons, one without a
 * REFERENCE, so a lesson still being written keeps its other pages.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteHref } from "../../src/link-rewrite.ts";
import { writePages } from "../../src/pages.ts";
import { pageForRepoFile, repoFileForPage } from "../../src/routes.ts";
import { sidebarFor } from "../../src/sidebar.ts";
import { SITE_DATA_FILE, type SiteData } from "../../src/site-data.ts";

let root: string;
let out: string;

async function put(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}

const lessonIndex = (id: string) =>
  `export const lesson = { id: "${id}", title: "T", headline: "h", demoScripts: [], createAgent: async () => ({}) };\nexport const mechanisms = [];\n`;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "learn-site-reference-"));
  out = path.join(root, ".site-pages");
  await put("docs/index.md", "# The book\n");
  await put("packages/s01-one/src/index.ts", lessonIndex("s01"));
  await put("packages/s01-one/src/loop.ts", "export const loop = 1;\n");
  await put("packages/s01-one/README.md", "# s01 · One — \"a\"\n\n[Reference](REFERENCE.md)\n");
  await put("packages/s01-one/README.zh.md", "# s01 · 一 — “甲”\n\n[参考](REFERENCE.zh.md)\n");
  await put("packages/s01-one/REFERENCE.md", "# s01 · One — reference\n\n[the lesson](README.md) · [the loop](src/loop.ts)\n\n## Permission modes\n");
  await put("packages/s01-one/REFERENCE.zh.md", "# s01 · 一 — 参考\n\n[本课](README.zh.md)\n\n## 权限模式\n");
  await put("packages/s02-two/src/index.ts", lessonIndex("s02"));
  await put("packages/s02-two/README.md", "# s02 · Two — \"b\"\n");
  await writePages(root, out);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("a lesson's REFERENCE", () => {
  it("is a page in each language, the file as it is", async () => {
    expect(await readFile(path.join(out, "lessons/s01-one/reference.md"), "utf8")).toBe(await readFile(path.join(root, "packages/s01-one/REFERENCE.md"), "utf8"));
    expect(await readFile(path.join(out, "zh/lessons/s01-one/reference.md"), "utf8")).toContain("## 权限模式");
    expect(existsSync(path.join(out, "lessons/s02-two/reference.md"))).toBe(false);
  });

  it("is listed under its lesson in the sidebar, after the code diff, in both languages", async () => {
    const data = JSON.parse(await readFile(path.join(out, SITE_DATA_FILE), "utf8")) as SiteData;
    expect(data.lessons.en.map((l) => l.referencePage)).toEqual(["lessons/s01-one/reference.md", undefined]);
    const lessons = (lang: "en" | "zh") => sidebarFor(data, lang)[1]!.items!;
    expect(lessons("en")[0]!.items).toEqual([{ text: "Reference", link: "/lessons/s01-one/reference" }]);
    expect(lessons("zh")[0]!.items).toEqual([{ text: "参考", link: "/zh/lessons/s01-one/reference" }]);
    expect(lessons("en")[1]!.items).toEqual([{ text: "Code diff", link: "/lessons/s02-two/diff" }]);
  });

  it("is where the README's link leads, and its own links lead back and to the code", () => {
    expect(siteHref("packages/s01-one/README.md", "REFERENCE.md#permission-modes", "en")).toBe("/lessons/s01-one/reference.md#permission-modes");
    expect(siteHref("packages/s01-one/README.zh.md", "REFERENCE.zh.md", "zh")).toBe("/zh/lessons/s01-one/reference.md");
    const from = repoFileForPage("lessons/s01-one/reference.md");
    expect(from).toEqual({ file: "packages/s01-one/REFERENCE.md", lang: "en" });
    expect(siteHref(from!.file, "README.md", "en")).toBe("/lessons/s01-one/index.md");
    expect(siteHref(from!.file, "src/loop.ts", "en")).toBe("/lessons/s01-one/index.md#file-src-loop-ts");
    expect(repoFileForPage("zh/lessons/s01-one/reference.md")).toEqual({ file: "packages/s01-one/REFERENCE.zh.md", lang: "zh" });
    expect(pageForRepoFile("packages/s01-one/REFERENCE.zh.md", "en")).toBe("zh/lessons/s01-one/reference.md");
  });
});
