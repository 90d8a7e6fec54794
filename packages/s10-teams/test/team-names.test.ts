/** Teammate names: what may be a name, and what each refusal says. A name becomes a file name, so bad ones never reach a path. */
import { describe, expect, it } from "vitest";
import { ToolError } from "@learn/core";
import { checkName, LEAD, NAME_PATTERN } from "../src/team/index.ts";

const rule = 'start with a lowercase letter, then up to 30 lowercase letters, digits or hyphens (e.g. "alice", "test-writer").';

describe("checkName", () => {
  it.each(["alice", "test-writer", "a", "r2d2", "a-", `a${"b".repeat(30)}`])("accepts %j", (name) => {
    expect(() => checkName(name)).not.toThrow();
    expect(NAME_PATTERN.test(name)).toBe(true);
  });

  it.each([
    ["Alice", '"Alice"'],
    ["2bob", '"2bob"'],
    [`a${"b".repeat(31)}`, `"a${"b".repeat(31)}"`], // 32 characters: one too many
    ["../x", '"../x"'],
    ["a/b", '"a/b"'],
    ["", '""'],
    ["-x", '"-x"'],
    ["al ice", '"al ice"'],
    ["a\nb", '"a\\nb"'],
    ["bob.jsonl", '"bob.jsonl"'],
  ])("refuses %j, saying what a name may be", (name, shown) => {
    expect(() => checkName(name)).toThrow(new ToolError(`${shown} is not a valid teammate name: ${rule}`));
  });

  it("quotes a very long name only in part", () => {
    expect(() => checkName("X".repeat(5000))).toThrow(`"${"X".repeat(40)}"… (5000 characters) is not a valid teammate name: ${rule}`);
  });

  it("keeps the lead's own name for the lead", () => {
    expect(LEAD).toBe("lead");
    expect(() => checkName("lead")).toThrow(new ToolError('"lead" is the lead\'s own name: choose another.'));
    expect(() => checkName("leader")).not.toThrow();
  });

  it("throws ToolErrors, which go back to the model as tool results", () => {
    expect(() => checkName("../x")).toThrow(ToolError);
  });
});
