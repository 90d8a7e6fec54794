/**
 * The `hooks` section of settings.json: a matcher is a regular expression over a tool's whole
 * name, ours or Claude Code's (`Edit` picks write_file too).
 */
import { describe, expect, it } from "vitest";
import { toolMatcher } from "../src/index.ts";

describe("hook matchers over tool names", () => {
  it.each([
    ["", "bash", true],
    ["*", "write_file", true],
    ["bash", "bash", true],
    ["bash", "bash_extra", false],
    ["bash|write_file", "write_file", true],
    ["Bash", "bash", true],
    ["Edit", "write_file", true],
    ["Edit|Write", "edit_file", true],
    ["Read", "write_file", false],
    ["read_.*", "read_file", true],
  ])("%j matches %j → %s", (matcher, tool, expected) => {
    expect(toolMatcher(matcher)(tool)).toBe(expected);
  });
});
