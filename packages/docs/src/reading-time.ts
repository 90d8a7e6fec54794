/**
 * How long the hand-written part of a README takes to read, carefully, as a student reads it
 * the first time. Issue 25's budget is ten minutes: the problem, the solution, what to read
 * first, how to try it and the exercises. The generated blocks (read first, what changed, the
 * code diff, the walkthrough) are not counted — a student looks things up there, or opens the
 * files they list — but a generated excerpt is: it sits in the prose and is read with it.
 *
 * The rates, chosen to be honest rather than flattering:
 *   - English prose: 200 words a minute (careful reading of technical text, not skimming);
 *   - Chinese prose: 300 characters a minute, and 200 a minute for the Latin words in it
 *     (`tool_use`, file names);
 *   - a line of code or of a diagram: 10 words' time (3 seconds), whatever its word count —
 *     a reader follows it, and a diagram's boxes hold few words but take a while.
 * Link targets, table rules and HTML comments are not read, so they are not counted.
 */
import { markdownLines } from "./markdown.ts";
import { BLOCK_NAMES, endMarker, startMarker } from "./markers.ts";

export const WORDS_PER_MINUTE = 200;
export const HAN_PER_MINUTE = 300;
export const WORDS_PER_CODE_LINE = 10;
/** Issue 25: the hand-written part of a README reads in ten minutes. */
export const README_BUDGET_MINUTES = 10;

export interface ReadingTime {
  /** Latin words in prose (English, or the code words inside Chinese). */
  words: number;
  /** Chinese characters in prose. */
  han: number;
  /** Non-empty lines inside fenced blocks: code, diagrams, commands. */
  codeLines: number;
  minutes: number;
}

const HAN = /\p{Script=Han}/gu;

/** The README without its generated blocks (markers and all), each line of them left empty. */
export function handWritten(markdown: string): string {
  let text = markdown;
  for (const name of BLOCK_NAMES) {
    const from = text.indexOf(startMarker(name));
    const to = text.indexOf(endMarker(name));
    if (from === -1 || to < from) continue;
    const end = to + endMarker(name).length;
    text = text.slice(0, from) + onlyNewlines(text.slice(from, end)) + text.slice(end);
  }
  return text;
}

/** What is left of removed text: its line breaks, so the lines after it keep their numbers. */
export function onlyNewlines(text: string): string {
  return text.replace(/[^\n]/g, "");
}

export function readingTime(markdown: string): ReadingTime {
  let words = 0;
  let han = 0;
  let codeLines = 0;
  for (const { text, kind } of markdownLines(markdown.replace(/<!--[\s\S]*?-->/g, ""))) {
    if (kind === "code" && text.trim() !== "") codeLines++;
    if (kind !== "prose" || /^\s*\|?[\s:|-]+\|[\s:|-]*$/.test(text)) continue; // a table's rule, |---|---|, is not read
    const line = text.replace(/\]\([^)]*\)/g, "]"); // nor is a link's target
    han += line.match(HAN)?.length ?? 0;
    words += line.replace(HAN, " ").split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  }
  const minutes = words / WORDS_PER_MINUTE + han / HAN_PER_MINUTE + (codeLines * WORDS_PER_CODE_LINE) / WORDS_PER_MINUTE;
  return { words, han, codeLines, minutes: Math.round(minutes * 10) / 10 };
}
