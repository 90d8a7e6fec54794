/**
 * The site's sidebar and top navigation, from the list of pages the generator wrote
 * (site-data.ts): the book, then each lesson with its code diff and its reference under it —
 * the twelve, then Part II (s13 on) as their continuation — then the compare page. Plain functions of that list, so the VitePress config stays a list of
 * settings and a test can read what a reader will be offered.
 */
import type { DefaultTheme } from "vitepress";
import { comparePage, pageLink, type Lang } from "./routes.ts";
import type { SiteData } from "./site-data.ts";

const WORDS: Record<Lang, { book: string; lessons: string; partTwo: string; compare: string; diff: string; reference: string }> = {
  en: { book: "Book", lessons: "Lessons", partTwo: "Part II — beyond the twelve", compare: "Compare lessons", diff: "Code diff", reference: "Reference" },
  zh: { book: "课程手册", lessons: "课程", partTwo: "第二部分：十二课之后", compare: "对比两课", diff: "代码差异", reference: "参考" },
};

/** The first lesson of Part II: what Claude Code grew after the twelve the syllabus promised. */
const PART_TWO_FROM = 13;

const inPartTwo = (dirName: string) => Number(/^s(\d+)/.exec(dirName)?.[1] ?? 0) >= PART_TWO_FROM;

export function sidebarFor(data: SiteData, lang: Lang): DefaultTheme.SidebarItem[] {
  const words = WORDS[lang];
  const lessons = data.lessons[lang];
  const partTwo = lessons.filter((l) => inPartTwo(l.dirName));
  const lessonItem = (l: SiteData["lessons"][Lang][number]): DefaultTheme.SidebarItem => {
    // Under each lesson: its code diff and its reference, where it has them.
    const under = [
      ...(l.diffPage ? [{ text: words.diff, link: pageLink(l.diffPage) }] : []),
      ...(l.referencePage ? [{ text: words.reference, link: pageLink(l.referencePage) }] : []),
    ];
    return { text: l.title, link: pageLink(l.page), items: under.length ? under : undefined, collapsed: under.length ? true : undefined };
  };
  return [
    { text: words.book, items: data.book[lang].map((e) => ({ text: e.title, link: pageLink(e.page) })) },
    { text: words.lessons, items: lessons.filter((l) => !inPartTwo(l.dirName)).map(lessonItem) },
    ...(partTwo.length > 0 ? [{ text: words.partTwo, items: partTwo.map(lessonItem) }] : []),
    { text: words.compare, link: pageLink(comparePage(lang)) },
  ];
}

export function navFor(data: SiteData, lang: Lang): DefaultTheme.NavItem[] {
  const words = WORDS[lang];
  const first = data.lessons[lang][0];
  return [
    { text: words.book, link: pageLink(data.book[lang][0]?.page ?? "index.md") },
    ...(first ? [{ text: words.lessons, link: pageLink(first.page) }] : []),
    { text: words.compare, link: pageLink(comparePage(lang)) },
  ];
}
