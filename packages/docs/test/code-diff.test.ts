/**
 * The code diff shows a file as a diff while the two versions share most of their lines, and
 * whole when the new one is mostly new: s03's kernel, grown from s02's small loop, is read as
 * a file, while every lesson's `src/agent.ts` is read as a diff against the previous one.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "@learn/core/harness";
import { compareFile, KERNEL_PATH, MOSTLY_NEW, newLineShare, renderCodeDiff, type LessonCode } from "../src/code-diff.ts";
import { discoverLessons } from "../src/discover.ts";
import { EN, ZH } from "../src/labels.ts";
import { lessonModules } from "../src/sources.ts";

const lines = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix} ${i}`).join("\n") + "\n";

describe("newLineShare", () => {
  it("is 0 for the same text, 1 for an unrelated one, and the share of added lines between", () => {
    const old = lines(10, "old");
    expect(newLineShare(old, old)).toBe(0);
    expect(newLineShare(old, lines(4, "new"))).toBe(1);
    // 10 kept lines and 10 added ones: half of the new file is new.
    expect(newLineShare(old, old + lines(10, "new"))).toBe(0.5);
    expect(newLineShare("", "")).toBe(0);
  });
});

describe("compareFile", () => {
  it("says `same` for equal texts", () => {
    expect(compareFile("a/x.ts", "b/x.ts", "x\n", "x\n")).toEqual({ kind: "same" });
  });

  it("gives a unified diff while most of the new file's lines are kept", () => {
    const old = lines(20, "kept");
    const change = compareFile("a/x.ts", "b/x.ts", old, old.replace("kept 5\n", "changed 5\n"));
    expect(change.kind).toBe("diff");
    if (change.kind !== "diff") return;
    expect(change.diff.startsWith("--- a/x.ts\n+++ b/x.ts\n")).toBe(true);
    expect(change.diff).toContain("-kept 5\n+changed 5\n");
  });

  it("gives the new file whole once more than MOSTLY_NEW of its lines are new", () => {
    const old = lines(10, "loop");
    // 1 kept line out of 20: 95% new.
    const grown = "loop 0\n" + lines(19, "kernel");
    expect(newLineShare(old, grown)).toBeGreaterThan(MOSTLY_NEW);
    expect(compareFile("a/loop.ts", "core/kernel.ts", old, grown)).toEqual({ kind: "whole", text: grown });
  });
});

describe("the code diff of the real lessons", async () => {
  const root = repoRoot();
  const { lessons } = await discoverLessons(root);
  const code: LessonCode[] = await Promise.all(lessons.map(async (pkg) => ({ pkg, modules: await lessonModules(pkg.dir) })));
  const kernel = await readFile(path.join(root, "packages", KERNEL_PATH), "utf8");
  const render = (i: number, labels = EN) => renderCodeDiff({ current: code[i]!, previous: code[i - 1], kernel, labels });
  const at = (id: string) => code.findIndex((c) => c.pkg.lesson.id === id);

  it("shows every later lesson's src/agent.ts as a diff against the previous lesson's", () => {
    for (let i = 1; i < code.length; i++) {
      const text = render(i);
      const prev = code[i - 1]!.pkg;
      expect(text, code[i]!.pkg.lesson.id).toContain(`\`src/agent.ts\` against ${prev.lesson.id}'s:`);
      expect(text).toContain(`--- ${prev.dirName}/src/agent.ts\n+++ ${code[i]!.pkg.dirName}/src/agent.ts\n`);
    }
  });

  it("shows the kernel whole, not as a diff against s02's loop, in the lesson where the loop moves into core", () => {
    const i = at("s03");
    expect(i).toBeGreaterThan(0);
    const text = render(i);
    expect(text).toContain(`The loop moves into core and becomes the kernel, [${KERNEL_PATH}](../${KERNEL_PATH}).`);
    expect(text).toContain("```ts\n" + kernel);
    expect(text).not.toContain(`+++ ${KERNEL_PATH}`);
    expect(render(i, ZH)).toContain("循环移入 core，成为内核");
    // The lessons after it only point at the kernel.
    for (let j = i + 1; j < code.length; j++) expect(render(j)).not.toContain(kernel);
  });
});
