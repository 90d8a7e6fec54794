/**
 * The comparison's reading of a tool result (claude-code/compare/outcome.ts): a text that says a
 * call was put to a person or refused must never count as "ran", or a looser course hides
 * behind it. The texts are in the harnesses' own words.
 */
import { describe, expect, it } from "vitest";
import { classify } from "../claude-code/compare/outcome.ts";
import { BASH_CORPUS } from "../claude-code/compare/bash-corpus.ts";

describe("classify", () => {
  it.each([
    "A variable in this command can't be checked before it runs",
    "A nested command in this command can't be checked before it runs",
    "This command contains an IFS assignment, which requires approval",
    "Dangerous rm operation detected: '~'\n\nThis command would remove a critical system directory.",
    "Dangerous rmdir operation detected: '..'",
    "find with '-exec' executes commands or modifies files — cannot be auto-allowed by a Bash(find) rule",
    "awk program contains system() which executes arbitrary commands",
    "'eval' evaluates arguments as shell code",
    "Denied: bash \"rm -rf ~\" needs permission (Dangerous rm operation detected: '~' would remove the home folder …), and there is no one to ask",
  ])("%j: asked", (text) => {
    expect(classify(text, false)).toBe("asked");
  });

  it("Claude Code's refusal of a write to a pattern is a refusal", () => {
    expect(classify("Glob patterns are not allowed in write operations. Please specify an exact file path.", false)).toBe("refused");
  });

  it("a watched file that changed means it ran, whatever the text", () => {
    expect(classify("Dangerous rm operation detected: '.'", true)).toBe("ran");
  });
});

describe("the bash corpus", () => {
  it("has the families of issue 36, and tries dangerous deletions with no rule, each alone", () => {
    const groups = new Set(BASH_CORPUS.map((c) => c.group));
    for (const group of ["environment prefixes", "dangerous deletions", "opaque code"]) expect(groups).toContain(group);
    for (const c of BASH_CORPUS.filter((c) => c.group === "dangerous deletions")) expect(c).toMatchObject({ alone: true, settings: { permissions: {} } });
  });
});
