/** What the s03 tests share: tool calls to decide on, settings files, hook scripts. */
import type { ToolCall } from "@learn/core";
import { tools } from "@learn/s02";
import { parseRule, policyFor, withEarlierToolPermissions, type PermissionMode, type PermissionPolicy, type RuleList } from "../src/index.ts";

export { hooksFor, hookScript, shellHook, workspaceWith, writeSettings } from "../src/testing/settings-files.ts";

export const WORKSPACE = "/work/ws";

/** s02's real tools, with the meaning this lesson gives them (earlier-tools.ts), as the agent has them. */
export const earlierTools = withEarlierToolPermissions(tools);

/** A call to one of s02's real tools, as the kernel hands it to PreToolUse hooks. */
export function callOf(name: string, input: Record<string, unknown>): ToolCall {
  const tool = earlierTools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return { id: "toolu_test", name, input, tool };
}

export const bash = (command: string) => callOf("bash", { command });

/** A policy from rule texts, as settings.json would give it. */
export function policyOf(rules: Partial<Record<RuleList, string[]>>, mode: PermissionMode = "default"): PermissionPolicy {
  const parsed = {
    deny: (rules.deny ?? []).map(parseRule),
    ask: (rules.ask ?? []).map(parseRule),
    allow: (rules.allow ?? []).map(parseRule),
  };
  return policyFor({ rules: parsed, degraded: false }, mode, ".claude/settings.json").policy;
}

export const never = () => new AbortController().signal;

/** A script: one response with these tool calls, then a final text answer. */
export function scriptOf(calls: { name: string; input: Record<string, unknown> }[], answer = "Done."): string {
  return JSON.stringify({
    turns: [{ content: calls.map((c) => ({ type: "tool_use", ...c })) }, { content: [{ type: "text", text: answer }] }],
  });
}
