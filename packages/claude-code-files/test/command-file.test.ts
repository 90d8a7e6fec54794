/** Claude Code's custom command files: frontmatter read as Claude Code reads it, or none at all. */
import { describe, expect, it } from "vitest";
import { parseCommandFile } from "../src/index.ts";

describe("a command file", () => {
  it("reads Claude Code's frontmatter, ignoring the keys it does not use", () => {
    const file = parseCommandFile(
      [
        "---",
        "allowed-tools: Bash(git add:*), Bash(git status:*), Bash(git commit:*)",
        "argument-hint: [message]",
        "description: Create a git commit",
        "model: claude-3-5-haiku-20241022",
        "disable-model-invocation: true",
        "---",
        "## Context",
        "- Current git status: !`git status`",
        "Create a commit. $ARGUMENTS",
      ].join("\n"),
    );
    expect(file).toEqual({
      warnings: [],
      ignored: ["model: claude-3-5-haiku-20241022"],
      description: "Create a git commit",
      argumentHint: "[message]",
      allowedTools: ["Bash(git add:*)", "Bash(git status:*)", "Bash(git commit:*)"],
      template: "## Context\n- Current git status: !`git status`\nCreate a commit. $ARGUMENTS",
    });
  });

  it("takes allowed-tools as a YAML list too, and splits a string on commas and spaces outside parentheses", () => {
    expect(parseCommandFile("---\nallowed-tools:\n  - Read\n  - Bash(echo a,b)\n---\nGo.").allowedTools).toEqual(["Read", "Bash(echo a,b)"]);
    expect(parseCommandFile("---\nallowed-tools: Bash(echo a, b), Read Edit(src/**)\n---\nGo.").allowedTools).toEqual(["Bash(echo a, b)", "Read", "Edit(src/**)"]);
  });

  it("needs no frontmatter: the description is the body's first line, cut at 100 as Claude Code cuts it", () => {
    const long = `# ${"Explain ".repeat(20)}`;
    expect(parseCommandFile("Explain this code.\nIn detail.")).toEqual({ description: "Explain this code.", allowedTools: [], template: "Explain this code.\nIn detail.", warnings: [], ignored: [] });
    const { description } = parseCommandFile(`${long}\nmore`);
    expect(description).toHaveLength(100);
    expect(description).toMatch(/^Explain Explain .*\.\.\.$/);
  });

  it.each([
    ["---\ndescription: [a, b]\n---\nBody", /its frontmatter is wrong: description: /],
    ["---\ndescription: x\n---\n\n", /its body, the prompt the command sends, is empty/],
  ])("%j is refused: %s", (text, reason) => {
    expect(() => parseCommandFile(text)).toThrow(reason);
  });

  it("reads frontmatter that is not strict YAML as Claude Code does: quoted again, else no keys and the body kept", () => {
    expect(parseCommandFile("---\ndescription: Fix: the [broken] thing\n---\nBody").description).toBe("Fix: the [broken] thing");
    expect(parseCommandFile("---\n- a list\n---\nBody")).toMatchObject({ description: "Body", template: "Body" });
  });
});
