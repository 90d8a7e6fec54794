/** Claude Code's SKILL.md: the files it loads (and what they say) and the files it refuses (and why). */
import { describe, expect, it } from "vitest";
import { parseSkillFile } from "../src/index.ts";

const skillMd = (frontmatter: string, body = "Do the thing.") => `---\n${frontmatter}\n---\n${body}\n`;

describe("parseSkillFile", () => {
  const goodCases: { what: string; text: string; expected: object }[] = [
    {
      what: "a plain skill",
      text: skillMd("name: code-review\ndescription: Reviews code.", "# Review\n\n1. Read the diff."),
      expected: { displayName: "code-review", description: "Reviews code.", body: "# Review\n\n1. Read the diff." },
    },
    {
      what: "a SKILL.md written for Claude Code: allowed-tools read; license, metadata and version reported as ignored",
      text: skillMd(
        'name: pdf-tools\ndescription: "Extract text: from PDFs."\nlicense: Apache-2.0\nallowed-tools: Bash(python:*), Read\nversion: 1.2.0\nmetadata:\n  author: someone\n  tags: [pdf, text]',
      ),
      expected: { displayName: "pdf-tools", description: "Extract text: from PDFs.", allowedTools: ["Bash(python:*)", "Read"], ignored: ["license: Apache-2.0", "metadata", "version: 1.2.0"], body: "Do the thing." },
    },
    {
      what: "a folded multi-line description comes out on one line",
      text: skillMd("name: folded\ndescription: >\n  First line,\n  second line.\n\n  After a blank line."),
      expected: { description: "First line, second line. After a blank line." },
    },
    {
      what: "CRLF line ends and a BOM",
      text: "\uFEFF---\r\nname: crlf\r\ndescription: d\r\n---\r\nLine one.\r\n",
      expected: { displayName: "crlf", body: "Line one." },
    },
    {
      what: "any name is a display name; a description of any length",
      text: skillMd(`name: Code Review (team)\ndescription: ${"d".repeat(2000)}`),
      expected: { displayName: "Code Review (team)", description: "d".repeat(2000) },
    },
  ];
  for (const c of goodCases) {
    it(c.what, () => expect(parseSkillFile(c.text)).toMatchObject(c.expected));
  }

  const badCases: { what: string; text: string; error: string }[] = [
    { what: "no description and an empty body", text: skillMd("name: x", "  \n "), error: "it has no description and no instructions (its body is empty)" },
    { what: "a description that is a list", text: skillMd("description: [a, b]"), error: "description: expected text" },
  ];
  for (const c of badCases) {
    it(`refuses ${c.what}`, () => expect(() => parseSkillFile(c.text)).toThrow(c.error));
  }
});
