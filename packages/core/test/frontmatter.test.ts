/** Markdown with YAML frontmatter: one parser for agent files, skills, commands and memories. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseFrontmatter } from "../src/harness.ts";

const schema = z.looseObject({ name: z.string().min(1, "must not be empty") });

describe("parseFrontmatter", () => {
  it("reads the keys and the trimmed body; a BOM, CRLF and extra keys are fine", () => {
    expect(parseFrontmatter("\uFEFF---\r\nname: x\r\ncolor: green\r\n---\r\n\r\nThe body.\r\n", schema)).toEqual({
      data: { name: "x", color: "green" },
      body: "The body.",
    });
  });

  it.each([
    ["no block", "just text", "it does not start with a frontmatter block (a line ---, YAML, a line ---)"],
    ["an unclosed block", "---\nname: x\nbody", "it does not start with a frontmatter block (a line ---, YAML, a line ---)"],
    ["bad YAML", "---\nname: [x\n---\nbody", "its frontmatter is not valid YAML"],
    ["a list", "---\n- a\n---\nbody", "its frontmatter is not a YAML mapping"],
    ["a key the schema refuses", "---\nname: ''\n---\nbody", "its frontmatter is wrong: name: must not be empty"],
  ])("%s: says what is wrong", (_case, text, message) => {
    expect(() => parseFrontmatter(text, schema)).toThrow(message);
  });

  it("optional: a file without a block has no keys; an empty block has none either", () => {
    const loose = z.looseObject({ description: z.string().optional() });
    expect(parseFrontmatter("# Title\nDo it.", loose, { optional: true })).toEqual({ data: {}, body: "# Title\nDo it." });
    expect(parseFrontmatter("---\n---\nDo it.", loose)).toEqual({ data: {}, body: "Do it." });
  });
});
