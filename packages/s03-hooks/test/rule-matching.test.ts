/**
 * Rules meeting calls: MCP rules naming a server's tools. The rule syntax itself, and hook
 * matchers over tool names, are tested in @learn/claude-code-files.
 */
import { describe, expect, it } from "vitest";
import { parseRule } from "@learn/claude-code-files";
import { approvingRules, hitsAnyPart, subjectOf } from "../src/permissions/matching.ts";

describe("MCP rules name a server's tools (lesson 13 has them)", () => {
  const call = (name: string) => subjectOf({ name, input: {}, tool: { permission: { mutating: true, claudeCode: { name } } } }, "/ws");
  it.each([
    ["mcp__issues", "mcp__issues__create_issue", true],
    ["mcp__issues__*", "mcp__issues__create_issue", true],
    ["mcp__issues__create_issue", "mcp__issues__create_issue", true],
    ["mcp__issues__close_issue", "mcp__issues__create_issue", false],
    ["mcp__iss", "mcp__issues__create_issue", false],
    ["mcp__other", "mcp__issues__create_issue", false],
  ])("%s names %s: %s", (rule, tool, names) => {
    expect(hitsAnyPart(parseRule(rule), call(tool))).toBe(names);
    expect(approvingRules([parseRule(rule)], call(tool)) !== undefined).toBe(names);
  });
});
