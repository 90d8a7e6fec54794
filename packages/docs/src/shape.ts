/**
 * The shape of a lesson's two documents, checked by `pnpm docs:check` so it cannot wear away:
 *
 *   README.md       the template's headings, in order; a link to REFERENCE.md; a hand-written
 *                   part that reads in ten minutes (reading-time.ts)
 *   REFERENCE.md    a link back to the README
 *   both            no hand-written code: a copy of code drifts, so code is a generated
 *                   excerpt (excerpts.ts) or a link to the file
 *
 * Each problem is one line naming the file (and the line), and what to do about it.
 */
import type { Lang } from "./labels.ts";
import { linksIn } from "./links.ts";
import { withoutExcerpts } from "./excerpts.ts";
import { markdownLines } from "./markdown.ts";
import { handWritten, readingTime, README_BUDGET_MINUTES, type ReadingTime } from "./reading-time.ts";
import { readmeHeadings, TEMPLATES } from "./skeleton.ts";

/** Fences whose language is code: hand-written, they are copies that drift. */
const CODE_LANGUAGES: ReadonlySet<string> = new Set(["ts", "tsx", "typescript", "js", "jsx", "javascript", "mjs", "cjs", "diff"]);

/** A document as it will be once generated: where it is (for messages) and its text. */
export interface Doc {
  rel: string;
  after: string;
}

/** The problems of one lesson's README and REFERENCE in one language; none is an empty list. */
export function shapeProblems(lang: Lang, readme: Doc, reference: Doc): string[] {
  const t = TEMPLATES[lang];
  const problems = [...headingProblems(readme.rel, readme.after, readmeHeadings(lang))];
  if (!linksTo(readme.after, t.reference.file)) problems.push(`${readme.rel}: no link to ${t.reference.file}, where its details are`);
  const time = readingTime(handWritten(readme.after));
  if (time.minutes > README_BUDGET_MINUTES) {
    problems.push(
      `${readme.rel}: the hand-written part takes ${time.minutes} minutes to read (${describe(lang, time)}), over the budget of ${README_BUDGET_MINUTES}: move details to ${t.reference.file}`,
    );
  }
  problems.push(...handWrittenCode(readme.rel, readme.after));
  if (!linksTo(reference.after, t.file)) problems.push(`${reference.rel}: no link back to ${t.file}`);
  problems.push(...handWrittenCode(reference.rel, reference.after));
  return problems;
}

function describe(lang: Lang, time: ReadingTime): string {
  const han = lang === "zh" ? `${time.han} Chinese characters, ` : "";
  return `${han}${time.words} words, ${time.codeLines} lines of code and diagrams`;
}

/** The template's headings must all be there, in order; others may sit between them. */
function headingProblems(rel: string, text: string, expected: string[]): string[] {
  const headings = markdownLines(withoutExcerpts(text, rel))
    .filter((line) => line.kind === "prose" && line.text.startsWith("## "))
    .map((line) => line.text.trimEnd());
  const problems: string[] = [];
  let at = 0;
  for (const heading of expected) {
    const found = headings.indexOf(heading, at);
    if (found === -1) {
      const where = headings.includes(heading) ? "out of order" : "missing";
      problems.push(`${rel}: the heading "${heading}" is ${where} (the order is: ${expected.join(", ")})`);
    } else {
      at = found + 1;
    }
  }
  return problems;
}

function linksTo(text: string, file: string): boolean {
  return linksIn(text).some(({ target }) => target.replace(/#.*$/, "") === file);
}

/** Code fences outside the generated blocks and excerpts, with their line numbers. */
function handWrittenCode(rel: string, text: string): string[] {
  // Both keep every line (emptied), so the numbers below are the file's.
  const lines = markdownLines(withoutExcerpts(handWritten(text), rel));
  return lines.flatMap((line, i) =>
    line.lang !== undefined && CODE_LANGUAGES.has(line.lang.toLowerCase())
      ? [`${rel}: a hand-written ${line.lang} block (line ${i + 1}): show the code as a generated excerpt (<!-- generated:excerpt:start FILE#SYMBOL -->) or link the file`]
      : [],
  );
}
