/**
 * Where the course was looser than Claude Code (same settings, same calls; Claude Code refused
 * or asked), as a table through s03's real `decide()`: a Read deny rule reaches bash, paths
 * outside the workspace are not approved by a rule, a redirection is an edit, find's actions
 * are not "looking", a hidden command cannot walk past a deny rule in bypassPermissions,
 * .git/ is protected like .claude/, a tool can say why no rule may approve a call, and the
 * key's env file is read by nobody.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { defineTool, type ToolCall } from "@learn/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { decide, parseRule, policyFor, type PermissionMode, type RuleList } from "../src/index.ts";
import type { Behavior } from "../src/permissions/decision.ts";
import { bash, callOf } from "./helpers.ts";

type Rules = Partial<Record<RuleList, string[]>>;
const MODES: PermissionMode[] = ["default", "acceptEdits", "bypassPermissions"];

let ws: string;
let envFile: string;
beforeAll(async () => {
  // A repository root holding the key's .env, and the workspace one level below it (as the course lays them out).
  const root = await mkdtemp(path.join(os.tmpdir(), "learn-fail-closed-"));
  envFile = path.join(root, ".env");
  ws = path.join(root, "ws");
  await mkdir(path.join(ws, "shop"), { recursive: true });
  await writeFile(envFile, "ANTHROPIC_API_KEY=sk-canary\n");
  await writeFile(path.join(ws, ".env"), "API_TOKEN=canary\n");
  await writeFile(path.join(ws, "README.md"), "hello\n");
  await symlink(envFile, path.join(ws, "notes.txt")); // a harmless name for the key file
});
afterAll(() => rm(path.dirname(ws), { recursive: true, force: true }));

function policy(rules: Rules, mode: PermissionMode, secretFiles: string[] = []) {
  const parsed = { deny: (rules.deny ?? []).map(parseRule), ask: (rules.ask ?? []).map(parseRule), allow: (rules.allow ?? []).map(parseRule) };
  return policyFor({ rules: parsed, degraded: false, secretFiles }, mode, ".claude/settings.json").policy;
}
const judged = (call: ToolCall, rules: Rules, mode: PermissionMode = "default", secrets: string[] = []) => decide(call, policy(rules, mode, secrets), ws);

describe("a Read(...) deny rule covers bash too (item 4)", () => {
  const rules = { deny: ["Read(./.env)"], allow: ["Bash(cat *)", "Bash(grep *)", "Bash(cd *)", "Bash(ls *)", "Bash(head *)", "Bash(node *)", "Bash(git *)"] };
  it.each<[string, Behavior]>([
    ["cat .env", "deny"],
    ["cat ./.env", "deny"],
    ["cat < .env", "deny"],
    ["grep API_TOKEN .env", "deny"],
    ["head -n 1 .env", "deny"],
    ["cat README.md .env", "deny"],
    ["cat shop/../.env", "deny"],
    ["cd shop && ls", "ask"], // after a cd, which files it reads cannot be known while the rule exists
    ["cat .e*", "deny"], // the pattern names it: expanded as bash will
    ["cat *.md", "allow"], // ...and one that does not name it is fine
    ["cat $F", "ask"], // a variable may name it
    ["grep -r TOKEN .", "ask"], // reads every file under the folder
    ["node -e \"require('fs').readFileSync('.env')\"", "deny"], // code on the command line names it
    ["node -e \"console.log(1)\"", "allow"],
    ["git log -p", "ask"], // ...and so do patches
    ["git stash show -p", "ask"],
    ["cat README.md", "allow"],
    ["grep hello README.md", "allow"],
    ["git log --oneline -4", "allow"], // a log of messages names no file's contents
  ])("%j → %s in every mode", (command, behavior) => {
    for (const mode of MODES) expect(judged(bash(command), rules, mode).behavior, mode).toBe(behavior);
  });

  it("without a Read deny rule, the same commands are the rules' and the mode's to decide", () => {
    expect(judged(bash("cd shop && ls"), { allow: ["Bash(cd *)", "Bash(ls *)"] }).behavior).toBe("allow");
    expect(judged(bash("grep -r TOKEN ."), { allow: ["Bash(grep *)"] }).behavior).toBe("allow");
  });
});

describe("a path outside the workspace is not approved by an allow rule (item 5)", () => {
  const rules = { allow: ["Bash(cat *)", "Bash(ls *)", "Bash(node *)", "Bash(cd *)"] };
  it.each<[string, Behavior, RegExp]>([
    ["cat ../outside.txt", "ask", /it names \.\.\/outside\.txt, outside the workspace/],
    ["ls ..", "ask", /it names \.\./],
    ["cat /etc/hostname", "ask", /outside the workspace/],
    ["cat /proc/$PPID/environ", "deny", /kernel path/], // any process's environment: denied outright (kernel-paths.test.ts)
    ["node ../tool.js", "ask", /outside the workspace/],
    ["cd .. && ls", "ask", /outside/],
    ["cat README.md", "allow", /Bash\(cat \*\)/],
    ["ls shop", "allow", /Bash\(ls \*\)/],
  ])("%j → %s", (command, behavior, reason) => {
    const d = judged(bash(command), rules);
    expect(d.behavior).toBe(behavior);
    expect(d.reason).toMatch(reason);
  });
});

describe("an allowed program does not carry writes with it (item 6)", () => {
  const rules = { allow: ["Bash(echo *)", "Bash(ls *)", "Bash(find *)"] };
  it.each<[string, Behavior]>([
    ["echo hi > test.txt", "ask"],
    ["ls > out.txt", "ask"],
    ["echo hi >> README.md", "ask"],
    ["find . -name x -delete", "ask"],
    ["find . -name x -exec cat {} \\;", "ask"],
    ["find . -name '*.md' -fprint list.txt", "ask"],
    ["find . -name x", "allow"],
    ["echo hi", "allow"],
  ])("%j → %s in default mode", (command, behavior) => {
    expect(judged(bash(command), rules).behavior).toBe(behavior);
  });

  it("acceptEdits allows the write of an allowed command inside the workspace, never find -delete", () => {
    expect(judged(bash("echo hi > test.txt"), rules, "acceptEdits").behavior).toBe("allow");
    expect(judged(bash("find . -name x -delete"), rules, "acceptEdits").behavior).toBe("ask");
  });
});

describe("a hidden command cannot walk past a deny rule, in any mode (item 7)", () => {
  it.each(["x=touch; $x CANARY", "$(echo touch) CANARY", "eval \"$CMD\""])("%j asks in bypassPermissions while Bash(touch *) denies", (command) => {
    const d = judged(bash(command), { deny: ["Bash(touch *)"] }, "bypassPermissions");
    expect(d).toMatchObject({ behavior: "ask", step: "unchecked", reason: expect.stringMatching(/cannot be checked against Bash\(touch \*\)/) });
  });

  it("with no deny rule for commands, bypassPermissions runs it, as before", () => {
    expect(judged(bash("x=touch; $x CANARY"), { deny: ["Read(./.env)"] }, "bypassPermissions").behavior).toBe("allow");
  });
});

describe(".git/ is protected like .claude/: no rule, no grant, no mode approves a change (item 3)", () => {
  const wide = { allow: ["Edit", "Write", "Bash", "Edit(.git/**)"] };
  it.each<[string, Record<string, unknown>]>([
    ["write_file", { path: ".git/config", content: "[core]\n\tfsmonitor = touch CANARY\n" }],
    ["edit_file", { path: ".git/config", old_text: "bare = false", new_text: "fsmonitor = touch CANARY" }],
    ["write_file", { path: ".git/hooks/pre-commit", content: "touch CANARY" }],
    ["write_file", { path: "shop/.git/config", content: "" }],
    ["write_file", { path: ".vscode/tasks.json", content: "{}" }],
    ["write_file", { path: ".husky/pre-commit", content: "" }],
    ["write_file", { path: ".gitmodules", content: "" }],
    ["bash", { command: "echo '[core]' >> .git/config" }],
    ["bash", { command: "cp evil .git/config" }],
    ["bash", { command: "git config core.fsmonitor 'touch CANARY'" }],
    ["bash", { command: "tee .git/hooks/post-checkout" }],
  ])("%s %j asks in every mode", (tool, input) => {
    for (const mode of MODES) expect(judged(callOf(tool, input), wide, mode), mode).toMatchObject({ behavior: "ask", step: "protected path" });
  });

  it("reading it is fine", () => {
    expect(judged(bash("cat .git/config"), { allow: ["Bash(cat *)"] }).behavior).toBe("allow");
    expect(judged(bash("git config --get user.name"), { allow: ["Bash(git *)"] }).behavior).toBe("allow");
  });
});

describe("a tool can say why no rule may approve a call (item 2's mechanism)", () => {
  const remove = defineTool({
    name: "worktree_remove",
    description: "Remove a worktree.",
    input: z.object({ name: z.string(), force: z.boolean().optional() }),
    permission: { subject: ({ force }) => (force ? { unapprovable: "force discards uncommitted and unmerged work" } : {}) },
    run: () => "removed",
  });
  const call = (input: Record<string, unknown>): ToolCall => ({ id: "toolu_test", name: remove.name, input, tool: remove as ToolCall["tool"] });

  it("granted when unforced; a forced removal goes to the mode", () => {
    expect(judged(call({ name: "a" }), { allow: ["worktree_remove"] }).behavior).toBe("allow");
    const forced = judged(call({ name: "a", force: true }), { allow: ["worktree_remove"] });
    expect(forced).toMatchObject({ behavior: "ask", step: "mode", reason: expect.stringMatching(/force discards uncommitted/) });
    expect(judged(call({ name: "a", force: true }), { allow: ["worktree_remove"] }, "bypassPermissions").behavior).toBe("allow");
  });
});

describe("the env file the key came from is read by no tool, in every mode (item 1)", () => {
  it.each<[string, Record<string, unknown>]>([
    ["bash", { command: "cat ../.env" }],
    ["bash", { command: "cat < ../.env" }],
    ["bash", { command: "cat notes.txt" }], // a symlink to it
    ["bash", { command: "grep KEY ../.env" }],
    ["bash", { command: "cat /proc/1/environ" }], // a process's start-up environment holds the key too
    ["bash", { command: "cat /proc/self/environ" }],
    ["read_file", { path: "notes.txt" }],
    ["grep", { pattern: "KEY", path: "notes.txt" }],
  ])("%s %j is denied", (tool, input) => {
    for (const mode of MODES) {
      const d = judged(callOf(tool, input), { allow: ["Bash", "Read", "Grep"] }, mode, [envFile]);
      expect(d, mode).toMatchObject({ behavior: "deny", reason: expect.stringMatching(/env file this harness loaded its API key from|a process's environment/) });
    }
  });

  it("what might read it without naming it is asked", () => {
    expect(judged(bash("grep -r KEY .."), { allow: ["Bash"] }, "bypassPermissions", [envFile]).behavior).toBe("ask");
    expect(judged(bash("cat README.md"), { allow: ["Bash"] }, "default", [envFile]).behavior).toBe("allow");
  });
});

describe("read-only commands need no rule, and every guard still wins over them (as in Claude Code)", () => {
  it.each<[string, Rules, Behavior]>([
    ["cat README.md", {}, "allow"],
    ["cat notes.txt", {}, "deny"], // a link to the key's env file
    ["cat ../.env", {}, "deny"],
    ["cat .env", { deny: ["Read(./.env)"] }, "deny"],
    ["grep -r TOKEN .", { deny: ["Read(./.env)"] }, "ask"], // it reads .env too, unseen
    ["ls ..", {}, "ask"], // outside the workspace
    ["cat README.md && cat ../.env", {}, "deny"],
    ["cat README.md", { ask: ["Bash(cat *)"] }, "ask"],
  ])("%j (rules %j) → %s (plan mode runs it only when allowed)", (line, rules, behavior) => {
    expect(judged(bash(line), rules, "default", [envFile]).behavior).toBe(behavior);
    expect(judged(bash(line), rules, "plan", [envFile]).behavior === "allow").toBe(behavior === "allow");
  });
});
