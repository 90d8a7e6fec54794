/** Markdown with YAML frontmatter: one parser for agent files, skills, commands and memories. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseFrontmatter, splitToolList } from "../src/harness.ts";

const schema = z.looseObject({ name: z.string().min(1, "must not be empty") });

describe("parseFrontmatter", () => {
  it("reads the keys and the trimmed body; a BOM, CRLF and extra keys are fine", () => {
    expect(parseFrontmatter("\uFEFF---\r\nname: x\r\ncolor: green\r\n---\r\n\r\nThe body.\r\n", schema)).toEqual({
      data: { name: "x", color: "green" },
      body: "The body.",
      warnings: [],
    });
  });

  it.each([
    ["no block", "just text", "it does not start with a frontmatter block (a line ---, YAML, a line ---)"],
    ["an unclosed block", "---\nname: x\nbody", "it does not start with a frontmatter block (a line ---, YAML, a line ---)"],
    ["bad YAML, and no name without it", "---\n  name: x\nfoo: y\n---\nbody", "its frontmatter is not valid YAML"],
    ["a list, and no name without it", "---\n- a\n---\nbody", "its frontmatter is not a YAML mapping"],
    ["a key the schema refuses", "---\nname: ''\n---\nbody", "its frontmatter is wrong: name: must not be empty"],
  ])("%s: says what is wrong", (_case, text, message) => {
    expect(() => parseFrontmatter(text, schema)).toThrow(message);
  });

  it("optional: a file without a block has no keys; an empty block has none either", () => {
    const loose = z.looseObject({ description: z.string().optional() });
    expect(parseFrontmatter("# Title\nDo it.", loose, { optional: true })).toEqual({ data: {}, body: "# Title\nDo it.", warnings: [] });
    expect(parseFrontmatter("---\n---\nDo it.", loose)).toEqual({ data: {}, body: "Do it.", warnings: [] });
  });

  it("forgives what Claude Code forgives: a value holding ': ' or a YAML sign is quoted and read again", () => {
    const text = "---\nname: reviewer\ndescription: Use when: the user asks #review, or @mentions it\ntools: [Read, Grep]\n---\nReview.";
    expect(parseFrontmatter(text, schema)).toEqual({
      data: { name: "reviewer", description: "Use when: the user asks #review, or @mentions it", tools: ["Read", "Grep"] },
      body: "Review.",
      warnings: [],
    });
    // Tabs at the start of a line are not YAML indentation; Claude Code reads them as two spaces each.
    expect(parseFrontmatter("---\nname: x\nmeta:\n\tcolor: red\n---\nB", schema).data).toEqual({ name: "x", meta: { color: "red" } });
  });

  it("YAML that no quoting saves: the body is kept with no keys, and a warning says so", () => {
    const loose = z.looseObject({ description: z.string().optional() });
    const read = parseFrontmatter("---\ndescription: [unclosed\n  - x: {\n---\nDo it.", loose);
    expect(read.data).toEqual({});
    expect(read.body).toBe("Do it.");
    expect(read.warnings).toEqual([expect.stringMatching(/^its frontmatter is not valid YAML \(.+[^:]\): read as if it had no keys, as Claude Code does$/)]);
  });

  it("an indented key: the warning names the line, without YAML's colon before its excerpt", () => {
    const read = parseFrontmatter("---\nname: explain-code\n  description: Explain.\n---\nB", z.looseObject({}));
    expect(read.warnings[0]).toMatch(/\(Nested mappings are not allowed in compact mappings at line 2, column \d+\): read as if/);
  });

  it("a YAML error's line is the file's line (the --- above the block is line 1)", () => {
    const read = parseFrontmatter("---\nname: x\ndescription: a\n  b: [\n---\nDo it.", z.looseObject({}));
    // YAML alone says line 2: the second line inside the block, the third of the file.
    expect(read.warnings[0]).toMatch(/ at line 3, column \d+/);
  });
});

describe("splitToolList", () => {
  it.each([
    ["Read, Grep, Glob", ["Read", "Grep", "Glob"]],
    ["Read Grep Glob", ["Read", "Grep", "Glob"]],
    ["Bash(git add:*), Bash(git commit -m *) Read", ["Bash(git add:*)", "Bash(git commit -m *)", "Read"]],
    ["Agent(reviewer, tester), Read ,, ", ["Agent(reviewer, tester)", "Read"]],
    ["Bash(echo a\\,b)", ["Bash(echo a\\,b)"]],
  ])("%s", (text, names) => {
    expect(splitToolList(text)).toEqual(names);
  });
});
