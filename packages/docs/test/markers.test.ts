/** Generated blocks: replaced between their markers, never outside them. */
import { describe, expect, it } from "vitest";
import type { Lesson } from "@learn/core/harness";
import { endMarker, readBlock, startMarker, writeBlock } from "../src/markers.ts";
import { readmeSkeleton, referenceSkeleton } from "../src/skeleton.ts";

const lesson = { id: "s09", title: "Background", headline: "don't wait for slow work" } as Lesson;

describe("writeBlock", () => {
  it("replaces only the text between the markers", () => {
    const before = `# Title\n\nprose\n\n${startMarker("walkthrough")}\nold\n${endMarker("walkthrough")}\n\nmore prose\n`;
    const after = writeBlock(before, "walkthrough", "new", "## Walkthrough", "R.md");
    expect(after).toBe(`# Title\n\nprose\n\n${startMarker("walkthrough")}\nnew\n${endMarker("walkthrough")}\n\nmore prose\n`);
    expect(readBlock(after, "walkthrough", "R.md")).toBe("\nnew\n");
  });

  it("puts a missing block right under its heading", () => {
    const after = writeBlock("## Walkthrough\n\nHand-written.\n", "walkthrough", "new", "## Walkthrough", "R.md");
    expect(after).toBe(`## Walkthrough\n\n${startMarker("walkthrough")}\nnew\n${endMarker("walkthrough")}\n\nHand-written.\n`);
  });

  it("refuses a README with neither the markers nor the heading, or with broken markers", () => {
    expect(() => writeBlock("# Nothing here\n", "code-diff", "x", "## The code diff", "R.md")).toThrow(
      /R\.md: no <!-- generated:code-diff:start --> marker/,
    );
    const twice = `${startMarker("code-diff")}\n${startMarker("code-diff")}\n${endMarker("code-diff")}`;
    expect(() => writeBlock(twice, "code-diff", "x", "## The code diff", "R.md")).toThrow(/exactly one/);
  });
});

describe("readmeSkeleton", () => {
  it("has the template's headings in order, each generated block under its own, and links its REFERENCE", () => {
    const en = readmeSkeleton(lesson, "en");
    const headings = en.split("\n").filter((l) => l.startsWith("#"));
    expect(headings).toEqual([
      `# s09 · Background — "don't wait for slow work"`,
      "## The problem",
      "## The solution",
      "## Read first",
      "## What changed",
      "## The code diff",
      "## Walkthrough",
      "## Try it",
      "## Exercises",
    ]);
    expect(en).toContain(`## The code diff\n\n${startMarker("code-diff")}\n${endMarker("code-diff")}`);
    expect(en).toContain("[REFERENCE.md](REFERENCE.md)");
    const zh = readmeSkeleton(lesson, "zh");
    for (const h of ["## 问题", "## 解决方案", "## 从哪里读起", "## 变化了什么", "## 代码差异", "## 逐步走读", "## 动手试试", "## 练习"]) {
      expect(zh).toContain(`\n${h}\n`);
    }
    expect(zh).toContain(`## 逐步走读\n\n${startMarker("walkthrough")}\n${endMarker("walkthrough")}`);
    expect(zh).toContain("[REFERENCE.zh.md](REFERENCE.zh.md)");
  });
});

describe("referenceSkeleton", () => {
  it("names the lesson, links back to its README and has a place for what the tests check", () => {
    expect(referenceSkeleton(lesson, "en")).toBe(
      "# s09 · Background — reference\n\nThe details behind [the lesson](README.md), to look up when you need them.\n\n## What the tests check\n",
    );
    expect(referenceSkeleton(lesson, "zh")).toBe("# s09 · Background — 参考\n\n[本课](README.zh.md)背后的细节，需要时再查。\n\n## 测试检查了什么\n");
  });
});
