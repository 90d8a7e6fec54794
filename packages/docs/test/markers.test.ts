/** Generated blocks: replaced between their markers, never outside them. */
import { describe, expect, it } from "vitest";
import type { Lesson } from "@learn/core";
import { endMarker, readBlock, startMarker, writeBlock } from "../src/markers.ts";
import { readmeSkeleton } from "../src/skeleton.ts";

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
  it("has the template's headings in order, each generated block under its own", () => {
    const en = readmeSkeleton(lesson, "en");
    const headings = en.split("\n").filter((l) => l.startsWith("#"));
    expect(headings).toEqual([
      `# s09 · Background — "don't wait for slow work"`,
      "## The problem",
      "## The solution",
      "## What changed",
      "## The code diff",
      "## Walkthrough",
      "## Try it",
      "## What the tests check",
      "## Exercises",
    ]);
    expect(en).toContain(`## The code diff\n\n${startMarker("code-diff")}\n${endMarker("code-diff")}`);
    const zh = readmeSkeleton(lesson, "zh");
    for (const h of ["## 问题", "## 解决方案", "## 变化了什么", "## 代码差异", "## 逐步走读", "## 动手试试", "## 测试检查了什么", "## 练习"]) {
      expect(zh).toContain(`\n${h}\n`);
    }
    expect(zh).toContain(`## 逐步走读\n\n${startMarker("walkthrough")}\n${endMarker("walkthrough")}`);
  });
});
