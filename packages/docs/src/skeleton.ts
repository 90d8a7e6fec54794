/**
 * The lesson README template, in English and Chinese. A lesson without a README
 * gets this skeleton — headings and empty generated blocks — so `pnpm docs` has somewhere to
 * write; the prose writer fills in the rest.
 */
import type { Lesson } from "@learn/core";
import type { Lang } from "./labels.ts";
import { endMarker, startMarker, type BlockName } from "./markers.ts";

interface Template {
  file: string;
  problem: string;
  solution: string;
  blocks: Record<BlockName, string>;
  tryIt: string;
  tests: string;
  exercises: string;
}

export const TEMPLATES: Record<Lang, Template> = {
  en: {
    file: "README.md",
    problem: "## The problem",
    solution: "## The solution",
    blocks: { "what-changed": "## What changed", "code-diff": "## The code diff", walkthrough: "## Walkthrough" },
    tryIt: "## Try it",
    tests: "## What the tests check",
    exercises: "## Exercises",
  },
  zh: {
    file: "README.zh.md",
    problem: "## 问题",
    solution: "## 解决方案",
    blocks: { "what-changed": "## 变化了什么", "code-diff": "## 代码差异", walkthrough: "## 逐步走读" },
    tryIt: "## 动手试试",
    tests: "## 测试检查了什么",
    exercises: "## 练习",
  },
};

export function readmeSkeleton(lesson: Lesson, lang: Lang): string {
  const t = TEMPLATES[lang];
  const block = (name: BlockName) => `${t.blocks[name]}\n\n${startMarker(name)}\n${endMarker(name)}`;
  return [
    `# ${lesson.id} · ${lesson.title} — "${lesson.headline}"`,
    t.problem,
    t.solution,
    block("what-changed"),
    block("code-diff"),
    block("walkthrough"),
    t.tryIt,
    t.tests,
    t.exercises,
  ].join("\n\n") + "\n";
}
