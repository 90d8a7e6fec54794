/**
 * README.zh.md is Chinese down to its headings: every demo's title (written in English in
 * its script) has a Chinese title for the walkthrough heading.
 */
import { describe, expect, it } from "vitest";
import { repoRoot } from "@learn/core/harness";
import { loadScript } from "@learn/core/simulator";
import { discoverLessons } from "../src/discover.ts";
import { DEMO_TITLES_ZH, EN, ZH } from "../src/labels.ts";

const { lessons } = await discoverLessons(repoRoot());
const scripts = lessons.flatMap((pkg) => pkg.lesson.demoScripts);

describe("the walkthrough headings", () => {
  it.each(scripts)("%s has a Chinese title", async (file) => {
    const { title } = await loadScript(file);
    if (title === undefined) return;
    expect(DEMO_TITLES_ZH[title], `add "${title}" to DEMO_TITLES_ZH in labels.ts`).toMatch(/\p{Script=Han}/u);
    expect(ZH.demo(title)).toBe(`演示：${DEMO_TITLES_ZH[title]}`);
    expect(EN.demo(title)).toBe(`Demo: ${title}`);
  });
});
