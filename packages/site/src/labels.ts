/** The words the generated pages add around the repository's own text, in each language. */
import type { Lang } from "./routes.ts";

export interface SiteLabels {
  sourceFiles: string;
  noSources: string;
  lines: (n: number) => string;
  codeDiff: string;
  diffTitle: (current: string, previous: string) => string;
  firstLesson: string;
  sideBySide: string;
  unified: string;
  newFiles: string;
  sameFile: string;
  backToLesson: string;
  compareTitle: string;
  compareIntro: string;
}

export const SITE_LABELS: Record<Lang, SiteLabels> = {
  en: {
    sourceFiles: "Source files",
    noSources: "This lesson has no modules of its own.",
    lines: (n) => `${n} lines`,
    codeDiff: "Code diff",
    diffTitle: (current, previous) => `${current} against ${previous}: the code diff`,
    firstLesson: "The first lesson has nothing before it to diff against: its code is on the lesson page.",
    sideBySide: "Side by side",
    unified: "Unified",
    newFiles: "New files",
    sameFile: "unchanged",
    backToLesson: "Back to the lesson",
    compareTitle: "Compare any two lessons",
    compareIntro: "Pick two lessons: every source file of the second is compared with the file of the same name in the first (a file the first lacks is shown as new).",
  },
  zh: {
    sourceFiles: "源文件",
    noSources: "这一课没有自己的模块。",
    lines: (n) => `${n} 行`,
    codeDiff: "代码差异",
    diffTitle: (current, previous) => `${current} 对比 ${previous}：代码差异`,
    firstLesson: "第一课之前没有可以对比的课：它的代码在课程页上。",
    sideBySide: "并排",
    unified: "统一格式",
    newFiles: "新文件",
    sameFile: "未改动",
    backToLesson: "回到课程页",
    compareTitle: "任选两课对比",
    compareIntro: "选两课：第二课的每个源文件都和第一课的同名文件对比（第一课没有的文件显示为新文件）。",
  },
};
