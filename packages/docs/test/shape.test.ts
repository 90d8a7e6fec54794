/**
 * The shape of a lesson's README and REFERENCE: the headings in order, a link each way, no
 * hand-written code, and a hand-written part within its ten minutes — for every lesson of the
 * course, and with each problem named on a README made to break one rule.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, type Lesson } from "@learn/core/harness";
import { LESSON_DIR } from "../src/discover.ts";
import { EXCERPT_END, excerptStart } from "../src/excerpts.ts";
import { shapeProblems } from "../src/shape.ts";
import { readmeSkeleton, referenceSkeleton, TEMPLATES } from "../src/skeleton.ts";

const lesson = { id: "s09", title: "Background", headline: "don't wait for slow work" } as Lesson;
const REFERENCE = { rel: "REFERENCE.md", after: referenceSkeleton(lesson, "en") };
const problemsOf = (readme: string, reference = REFERENCE) => shapeProblems("en", { rel: "README.md", after: readme }, reference);

describe("a lesson's docs in shape", () => {
  it("are what the skeletons give, in both languages", () => {
    for (const lang of ["en", "zh"] as const) {
      const t = TEMPLATES[lang];
      const readme = { rel: t.file, after: readmeSkeleton(lesson, lang) };
      const reference = { rel: t.reference.file, after: referenceSkeleton(lesson, lang) };
      expect(shapeProblems(lang, readme, reference)).toEqual([]);
    }
  });

  it("are what every lesson of the course has, in both languages", async () => {
    const packages = path.join(repoRoot(), "packages");
    const lessons = (await readdir(packages)).filter((name) => LESSON_DIR.test(name));
    expect(lessons.length).toBeGreaterThanOrEqual(12);
    const problems: string[] = [];
    for (const name of lessons) {
      for (const lang of ["en", "zh"] as const) {
        const t = TEMPLATES[lang];
        const read = async (file: string) => ({ rel: `packages/${name}/${file}`, after: await readFile(path.join(packages, name, file), "utf8") });
        problems.push(...shapeProblems(lang, await read(t.file), await read(t.reference.file)));
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("a lesson's docs out of shape", () => {
  const good = readmeSkeleton(lesson, "en");

  it("name a missing heading, and one out of order", () => {
    expect(problemsOf(good.replace("## Read first\n", ""))).toEqual([
      expect.stringMatching(/^README\.md: the heading "## Read first" is missing \(the order is: ## The problem, ## The solution, ## Read first,/),
    ]);
    const swapped = good.replace("## Try it", "## TMP").replace("## Exercises", "## Try it").replace("## TMP", "## Exercises");
    expect(problemsOf(swapped)).toEqual([expect.stringContaining('the heading "## Exercises" is out of order')]);
  });

  it("name a missing link to the REFERENCE, and back", () => {
    expect(problemsOf(good.replace("[REFERENCE.md](REFERENCE.md)", "REFERENCE.md"))).toEqual(["README.md: no link to REFERENCE.md, where its details are"]);
    expect(problemsOf(good, { rel: "REFERENCE.md", after: "# s09 — reference\n" })).toEqual(["REFERENCE.md: no link back to README.md"]);
  });

  it("name a hand-written code block by its line, but not a generated excerpt's", () => {
    const lines = good.split("\n");
    const at = lines.indexOf("## The solution") + 1;
    const excerpt = [excerptStart("src/x.ts#f"), "```ts", "f();", "```", EXCERPT_END];
    const withCode = [...lines.slice(0, at), "```ts", "f();", "```", ...excerpt, ...lines.slice(at)].join("\n");
    expect(problemsOf(withCode)).toEqual([`README.md: a hand-written ts block (line ${at + 1}): show the code as a generated excerpt (<!-- generated:excerpt:start FILE#SYMBOL -->) or link the file`]);
    expect(problemsOf(good, { rel: "REFERENCE.md", after: `${REFERENCE.after}\n\`\`\`js\nx\n\`\`\`\n` })).toEqual([
      expect.stringMatching(/^REFERENCE\.md: a hand-written js block \(line \d+\)/),
    ]);
  });

  it("name a hand-written part over its ten minutes, and not the generated blocks' length", () => {
    const long = `${"word ".repeat(2100)}\n`;
    expect(problemsOf(good.replace("## The problem\n", `## The problem\n\n${long}`))).toEqual([
      // 2,100 words and the skeleton's two dozen: past 200 words a minute for ten minutes.
      expect.stringMatching(/^README\.md: the hand-written part takes 10\.6 minutes to read \(21\d\d words, 0 lines of code and diagrams\), over the budget of 10: move details to REFERENCE\.md$/),
    ]);
    expect(problemsOf(good.replace("<!-- generated:walkthrough:start -->\n", `<!-- generated:walkthrough:start -->\n${long}`))).toEqual([]);
  });
});
