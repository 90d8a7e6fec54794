/** What the s03 tests share: tool calls to decide on, settings files, hook scripts. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ToolCall } from "@learn/core";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { tools } from "@learn/s02";
import { parseRule, policyFor, type PermissionMode, type PermissionPolicy, type RuleList } from "../src/index.ts";

export const WORKSPACE = "/work/ws";

/** A call to one of s02's real tools, as the kernel hands it to PreToolUse hooks. */
export function callOf(name: string, input: Record<string, unknown>): ToolCall {
  const tool = tools.find((t) => t.name === name);
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

/** A temp workspace holding `.claude/settings.json` (an object, or raw text) and other files. */
export function workspaceWith(settings: object | string | undefined, files: Record<string, string> = {}): Promise<TempWorkspace> {
  const all = { ...files };
  if (settings !== undefined) {
    all[".claude/settings.json"] = typeof settings === "string" ? settings : JSON.stringify(settings, null, 2);
  }
  return tempWorkspace(Object.keys(all).length ? all : { ".keep": "" });
}

/** Write `.claude/settings.json` into a workspace. */
export async function writeSettings(dir: string, settings: object): Promise<void> {
  await mkdir(path.join(dir, ".claude"), { recursive: true });
  await writeFile(path.join(dir, ".claude", "settings.json"), JSON.stringify(settings, null, 2));
}

/** A Node hook script in the workspace; returns the command that runs it. */
export async function hookScript(dir: string, name: string, body: string): Promise<string> {
  const file = path.join(dir, ".claude", "hooks", name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `import { readFileSync, writeFileSync, appendFileSync } from "node:fs";\n${body}\n`);
  return `node .claude/hooks/${name}`;
}

/** settings.json `hooks` for one event. */
export function hooksFor(event: string, command: string, matcher = "", timeout?: number): object {
  return { [event]: [{ matcher, hooks: [{ type: "command", command, ...(timeout ? { timeout } : {}) }] }] };
}

export const never = () => new AbortController().signal;

/** A script: one response with these tool calls, then a final text answer. */
export function scriptOf(calls: { name: string; input: Record<string, unknown> }[], answer = "Done."): string {
  return JSON.stringify({
    turns: [{ content: calls.map((c) => ({ type: "tool_use", ...c })) }, { content: [{ type: "text", text: answer }] }],
  });
}
