/**
 * Tools declare what a call means to policy (`permission: { subject, claudeCode }`), and rules
 * follow the declaration, not the tool's name: a tool that runs a command is governed by `Bash(...)`
 * rules and the refuse-list, a tool that changes a file by every `Edit`/`Write` deny rule, a
 * tool that reads one by `Read` deny rules. A tool that declares nothing is judged by what its
 * name meant in lessons 1 and 2 (earlier-tools.ts).
 */
import { defineTool, type ToolCall } from "@learn/core";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { RecordingRenderer } from "@learn/core/testing";
import { decide, type PermissionMode, type RuleList } from "../src/index.ts";
import type { Behavior } from "../src/permissions/decision.ts";
import { createAsker } from "../src/permissions/asker.ts";
import { SessionRules } from "../src/permissions/session-rules.ts";
import { bash, callOf, policyOf, WORKSPACE } from "./helpers.ts";

/** A later lesson's tool that runs a command in the background: s03 does not know it. */
const backgroundRun = defineTool({
  name: "background_run",
  description: "Run a command in the background.",
  input: z.object({ command: z.string() }),
  permission: { subject: ({ command }) => ({ commands: [command] }) },
  run: () => "started",
});

/** A tool that changes files through some other input: `target`, not `path`. */
const applyPatch = defineTool({
  name: "apply_patch",
  description: "Apply a patch to a file.",
  input: z.object({ target: z.string(), patch: z.string() }),
  permission: { subject: ({ target }) => ({ reads: [target], writes: [target] }), claudeCode: { name: "MultiEdit", fields: { target: "file_path" } } },
  run: () => "patched",
});

const webFetch = defineTool({
  name: "web_fetch",
  description: "Fetch a URL.",
  input: z.object({ url: z.string() }),
  permission: { mutating: false, claudeCode: { name: "WebFetch" } },
  run: () => "<html>",
});

const call = (tool: typeof backgroundRun | typeof applyPatch | typeof webFetch, input: Record<string, unknown>): ToolCall => ({
  id: "toolu_test",
  name: tool.name,
  input,
  tool: tool as ToolCall["tool"],
});
const background = (command: string) => call(backgroundRun, { command });
const patch = (target: string) => call(applyPatch, { target, patch: "..." });

type Rules = Partial<Record<RuleList, string[]>>;
const behaviorOf = (c: ToolCall, rules: Rules, mode: PermissionMode = "default") => decide(c, policyOf(rules, mode), WORKSPACE);

describe("a tool that declares commands is governed like bash", () => {
  it.each<[string, Rules, PermissionMode, Behavior, RegExp]>([
    ["npm test", { allow: ["Bash(npm test *)"] }, "default", "allow", /allowed by Bash\(npm test \*\)/],
    ["npm test && node evil.js", { allow: ["Bash(npm test *)"] }, "default", "ask", /default mode asks/],
    ["rm -rf build", { deny: ["Bash(rm *)"] }, "bypassPermissions", "deny", /background_run "rm -rf build" matches the rule Bash\(rm \*\)/],
    ["npm test; rm -rf build", { deny: ["Bash(rm *)"], allow: ["Bash"] }, "default", "deny", /Bash\(rm \*\)/],
    ["npm run dev", { deny: ["Bash"] }, "bypassPermissions", "deny", /the rule Bash in permissions.deny/],
    ["git push", { ask: ["Bash(git push *)"] }, "bypassPermissions", "ask", /says to ask first/],
    ["echo $(whoami)", { allow: ["Bash"] }, "default", "ask", /no rule can approve this one/],
    ["echo x > secrets/key", { deny: ["Edit(secrets/**)"], allow: ["Bash"] }, "default", "deny", /Edit\(secrets\/\*\*\)/],
    ["node server.js", { allow: ["background_run"] }, "default", "allow", /allowed by background_run/],
  ])("%j with %j in %s → %s", (command, rules, mode, behavior, reason) => {
    const d = behaviorOf(background(command), rules, mode);
    expect(d.behavior).toBe(behavior);
    expect(d.reason).toMatch(reason);
  });

  it.each<PermissionMode>(["default", "acceptEdits", "plan", "bypassPermissions"])("the refuse-list holds for it in %s mode", (mode) => {
    const d = behaviorOf(background("npm test && sudo reboot"), { allow: ["Bash", "background_run"] }, mode);
    expect(d).toMatchObject({ behavior: "deny", step: "refuse-list" });
  });
});

describe("a tool that declares writes is governed by every file-changing rule name", () => {
  it.each<[string, Rules, PermissionMode, Behavior]>([
    ["src/a.js", { deny: ["Edit(src/**)"] }, "bypassPermissions", "deny"],
    ["src/a.js", { deny: ["Write(src/**)"] }, "bypassPermissions", "deny"],
    ["src/a.js", { deny: ["edit_file(src/**)"] }, "bypassPermissions", "deny"],
    ["src/a.js", { deny: ["write_file(src/**)"] }, "bypassPermissions", "deny"],
    ["src/a.js", { deny: ["Write"] }, "bypassPermissions", "deny"],
    ["src/a.js", { ask: ["Edit(src/**)"] }, "bypassPermissions", "ask"],
    ["src/a.js", { deny: ["Read(src/**)"] }, "bypassPermissions", "deny"], // it reads it too
    ["src/a.js", { allow: ["Edit(src/**)"] }, "default", "allow"], // Edit allows any tool
    ["src/a.js", { allow: ["Write(src/**)"] }, "default", "ask"], // Write allows write_file only
    ["src/a.js", { allow: ["MultiEdit"] }, "default", "allow"], // its Claude Code name
    ["src/a.js", {}, "acceptEdits", "allow"],
    ["../outside.js", {}, "acceptEdits", "ask"],
    ["src/a.js", {}, "plan", "deny"],
  ])("%s with %j in %s → %s", (target, rules, mode, behavior) => {
    expect(behaviorOf(patch(target), rules, mode).behavior).toBe(behavior);
  });
});

/** A later lesson's tool that runs a command in a folder of the workspace (a worktree). */
const runIn = defineTool({
  name: "worktree_run",
  description: "Run a command in a worktree.",
  input: z.object({ dir: z.string(), command: z.string() }),
  permission: { subject: ({ dir, command }) => ({ commands: [command], cwd: dir }) },
  run: () => "ran",
});

describe("a tool that declares where its command runs is judged from there", () => {
  const inWorktree = (command: string) => ({ id: "toolu_test", name: runIn.name, input: { dir: "wt", command }, tool: runIn as ToolCall["tool"] });
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "learn-policy-cwd-"));
    await mkdir(path.join(root, "wt"));
    // In the worktree, notes.md leads out of the workspace; in the workspace itself it is a plain name.
    await symlink(path.join(os.tmpdir(), "somewhere-else.md"), path.join(root, "wt", "notes.md"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  const judged = (c: ToolCall, rules: Rules) => decide(c, policyOf(rules, "default"), root).behavior;

  it("a file is judged where the command really writes it: the worktree's symlink leads outside", () => {
    expect(judged(inWorktree("echo x > notes.md"), { allow: ["Bash"] })).toBe("ask");
    expect(judged(background("echo x > notes.md"), { allow: ["Bash"] })).toBe("allow");
  });

  it("its commands are judged like bash", () => {
    expect(judged(inWorktree("npm test"), { allow: ["Bash(npm test *)"] })).toBe("allow");
    expect(decide(inWorktree("rm -rf build"), policyOf({ deny: ["Bash(rm *)"] }, "bypassPermissions"), root).behavior).toBe("deny");
  });
});

describe("s02's tools, by their declarations", () => {
  const edit = (path: string) => callOf("edit_file", { path, old_text: "a", new_text: "b" });
  it.each<[string, Behavior, ToolCall, Rules]>([
    // No oracle: what the agent may not read, it may not edit ("not found", "occurs 3 times" would leak it).
    ["edit_file on a Read-denied file", "deny", edit(".env"), { deny: ["Read(./.env)"] }],
    ["a Write deny stops edit_file", "deny", edit("src/a.js"), { deny: ["Write(src/**)"] }],
    ["a write_file deny stops edit_file", "deny", edit("src/a.js"), { deny: ["write_file"] }],
    ["an Edit allow approves edit_file (and its read)", "allow", edit("docs/a.md"), { allow: ["Edit(*.md)"] }],
    ["a Read deny reaches the file grep is named", "deny", callOf("grep", { pattern: "x", path: "secrets/key.txt" }), { deny: ["Read(secrets/**)"] }],
    ["a Read deny reaches the folder glob is named", "deny", callOf("glob", { pattern: "*", path: "secrets/deep" }), { deny: ["Read(secrets/**)"] }],
    ["a path rule does not reach the workspace root", "allow", callOf("grep", { pattern: "x" }), { deny: ["Read(secrets/**)"] }],
    ["Claude Code's name denies by name", "deny", callOf("grep", { pattern: "x" }), { deny: ["Grep"] }],
    ["our name denies by name", "deny", callOf("glob", { pattern: "x" }), { deny: ["glob"] }],
    ["a declared Claude Code name denies by name", "deny", call(webFetch, { url: "https://example.com" }), { deny: ["WebFetch"] }],
  ])("%s → %s", (_what, behavior, c, rules) => {
    expect(behaviorOf(c, rules).behavior).toBe(behavior);
  });

  it("a call whose tool declares nothing is judged by what its name meant in lessons 1 and 2", () => {
    const plain = (c: ToolCall): ToolCall => ({ ...c, tool: { ...c.tool, permission: undefined } });
    expect(behaviorOf(plain(bash("npm test; rm -rf x")), { deny: ["Bash(rm *)"] }).behavior).toBe("deny");
    expect(behaviorOf(plain(bash("npm test")), { allow: ["Bash(npm test)"] }).behavior).toBe("allow");
    expect(behaviorOf(plain(callOf("write_file", { path: "a.md", content: "" })), { allow: ["Edit(*.md)"] }).behavior).toBe("allow");
    expect(behaviorOf(plain(callOf("read_file", { path: ".env" })), { deny: ["Read(./.env)"] }).behavior).toBe("deny");
    expect(behaviorOf(plain(callOf("glob", { pattern: "*" })), { deny: ["Glob"] }).behavior).toBe("deny");
  });
});

describe("the advice without a terminal follows the declaration", () => {
  const askerFor = (degraded = false) =>
    createAsker({ interactive: false, ask: async () => "n", session: new SessionRules(), renderer: new RecordingRenderer(), cwd: WORKSPACE, settingsFile: ".claude/settings.json", degraded });
  const asked = (c: ToolCall) => decide(c, policyOf({}), WORKSPACE);

  it.each<[string, ToolCall, string]>([
    ["a command-running tool", background("npm run dev"), 'To allow it, add "Bash(npm run dev)" to permissions.allow'],
    ["a file-changing tool", patch("src/a.js"), 'To allow it, add "Edit(src/a.js)" to permissions.allow in .claude/settings.json, or run with --permission-mode acceptEdits.'],
  ])("%s", async (_what, c, advice) => {
    const d = await askerFor()(c, asked(c));
    expect(d.behavior).toBe("deny");
    expect(d.reason).toContain(advice);
  });

  it("no allow rule is advised while the settings file has broken entries", async () => {
    const c = background("rm -rf build");
    const d = await askerFor(true)(c, asked(c));
    expect(d.reason).toContain("has entries that do not parse, so none of its allow rules are used");
    expect(d.reason).not.toContain("To allow it");
  });
});
