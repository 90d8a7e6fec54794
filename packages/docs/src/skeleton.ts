/**
 * The lesson's two documents, in English and Chinese. The README is what a student reads in
 * ten minutes — the problem, the solution, what to read first, how to try it, the exercises —
 * around the generated blocks; REFERENCE.md beside it holds the rest: every rule and edge case,
 * where the course differs from Claude Code, what the tests check. A lesson without them gets
 * these skeletons — headings and empty generated blocks — so `pnpm docs` has somewhere to
 * write; the prose writer fills in the rest. `shape.ts` checks that the headings stay.
 */
import type { Lesson } from "@learn/core/harness";
import type { Lang } from "./labels.ts";
import { endMarker, startMarker, type BlockName } from "./markers.ts";

export interface Template {
  file: string;
  problem: string;
  solution: string;
  blocks: Record<BlockName, string>;
  tryIt: string;
  exercises: string;
  reference: {
    file: string;
    /** After the lesson's title: `# s03 · Hooks and permissions — reference`. */
    title: string;
    /** The line under the title, back to the README. */
    backTo: string;
    tests: string;
  };
}

export const TEMPLATES: Record<Lang, Template> = {
  en: {
    file: "README.md",
    problem: "## The problem",
    solution: "## The solution",
    blocks: { "read-first": "## Read first", "what-changed": "## What changed", "code-diff": "## The code diff", walkthrough: "## Walkthrough" },
    tryIt: "## Try it",
    exercises: "## Exercises",
    reference: {
      file: "REFERENCE.md",
      title: "reference",
      backTo: "The details behind [the lesson](README.md), to look up when you need them.",
      tests: "## What the tests check",
    },
  },
  zh: {
    file: "README.zh.md",
    problem: "## 问题",
    solution: "## 解决方案",
    blocks: { "read-first": "## 从哪里读起", "what-changed": "## 变化了什么", "code-diff": "## 代码差异", walkthrough: "## 逐步走读" },
    tryIt: "## 动手试试",
    exercises: "## 练习",
    reference: {
      file: "REFERENCE.zh.md",
      title: "参考",
      backTo: "[本课](README.zh.md)背后的细节，需要时再查。",
      tests: "## 测试检查了什么",
    },
  },
};

/** The README's level-2 headings, in the order they must come. */
export function readmeHeadings(lang: Lang): string[] {
  const t = TEMPLATES[lang];
  return [t.problem, t.solution, t.blocks["read-first"], t.blocks["what-changed"], t.blocks["code-diff"], t.blocks.walkthrough, t.tryIt, t.exercises];
}

export function readmeSkeleton(lesson: Lesson, lang: Lang): string {
  const t = TEMPLATES[lang];
  const blocks = new Map(Object.entries(t.blocks).map(([name, heading]) => [heading, name as BlockName]));
  const sections = readmeHeadings(lang).map((heading) => {
    const name = blocks.get(heading);
    return name ? `${heading}\n\n${startMarker(name)}\n${endMarker(name)}` : heading;
  });
  const reference = `[${t.reference.file}](${t.reference.file})`;
  return [`# ${lesson.id} · ${lesson.title} — "${lesson.headline}"`, reference, ...sections].join("\n\n") + "\n";
}

export function referenceSkeleton(lesson: Lesson, lang: Lang): string {
  const r = TEMPLATES[lang].reference;
  return [`# ${lesson.id} · ${lesson.title} — ${r.title}`, r.backTo, r.tests].join("\n\n") + "\n";
}
