/**
 * Path rules judge the real target: a rule applies to a path as written OR where its symlinks
 * lead. Before, a link in the workspace to a Read-denied file was read in every mode, and a
 * link named like an allowed file that led into `.claude/` let write_file replace a hook script.
 */
import { mkdir, readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { decide, lesson, readableUnder, type PermissionMode, type RuleList } from "../src/index.ts";
import type { Behavior } from "../src/permissions/decision.ts";
import { bash, callOf, never, policyOf, scriptOf, workspaceWith } from "./helpers.ts";

let ws: TempWorkspace;
afterEach(() => ws.cleanup());

const SECRET = "API_TOKEN=tok-do-not-leak";
const HOOK = "// the real hook script\n";

/** A workspace with a secret, a hook script, and links that lead to them under innocent names. */
async function linkedWorkspace(settings?: object): Promise<string> {
  ws = await workspaceWith(settings, { ".env": `${SECRET}\n`, ".claude/hooks/log-tool.mjs": HOOK, "app.js": "// app\n" });
  const at = (name: string) => path.join(ws.dir, name);
  await symlink(".env", at("notes.txt")); // a file link to the secret
  await symlink(".claude/hooks/log-tool.mjs", at("helper.js")); // a .js name, a hook script behind it
  await symlink(".claude/hooks/new-hook.mjs", at("fresh.js")); // dangling: writing it creates a hook
  await symlink(".claude", at("docs")); // a folder link
  await mkdir(at("outside"), { recursive: true });
  await symlink(path.dirname(ws.dir), at("up")); // leads out of the workspace
  return ws.dir;
}

type Rules = Partial<Record<RuleList, string[]>>;
const RULES: Rules = { deny: ["Read(./.env)", "Edit(.claude/**)"], allow: ["Edit(*.js)", "Edit(*.txt)", "Bash(echo *)", "Read"] };

describe("the pipeline judges where a path leads", () => {
  it.each<[string, Behavior, ReturnType<typeof callOf>, PermissionMode, Rules]>([
    ["read_file through a link to .env", "deny", callOf("read_file", { path: "notes.txt" }), "bypassPermissions", RULES],
    ["grep named a link to .env", "deny", callOf("grep", { pattern: "TOKEN", path: "notes.txt" }), "bypassPermissions", RULES],
    ["edit_file through a link to .env (no oracle)", "deny", callOf("edit_file", { path: "notes.txt", old_text: "A", new_text: "B" }), "bypassPermissions", RULES],
    ["write_file through a .js link into .claude/", "deny", callOf("write_file", { path: "helper.js", content: "x" }), "acceptEdits", RULES],
    ["write_file through a dangling link into .claude/", "deny", callOf("write_file", { path: "fresh.js", content: "x" }), "bypassPermissions", RULES],
    ["write_file through a folder link into .claude/", "deny", callOf("write_file", { path: "docs/hooks/log-tool.mjs", content: "x" }), "bypassPermissions", RULES],
    ["a redirection through a link into .claude/", "deny", bash("echo x > helper.js"), "default", RULES],
    // An allow rule must approve both the name and where it leads: Edit(*.js) does not approve .claude/hooks/log-tool.mjs.
    ["an allow rule that matches only the name", "ask", callOf("write_file", { path: "helper.js", content: "x" }), "default", { allow: ["Edit(*.js)"] }],
    ["acceptEdits through a link out of the workspace", "ask", callOf("write_file", { path: "up/elsewhere.txt", content: "x" }), "acceptEdits", {}],
    ["an ordinary file is unaffected", "allow", callOf("write_file", { path: "app.js", content: "x" }), "default", RULES],
    ["an ordinary read is unaffected", "allow", callOf("read_file", { path: "app.js" }), "default", RULES],
  ])("%s → %s", async (_what, behavior, call, mode, rules) => {
    const cwd = await linkedWorkspace();
    expect(decide(call, policyOf(rules, mode), cwd).behavior).toBe(behavior);
  });

  it("the read guard hides a link to a denied file from searches", async () => {
    const cwd = await linkedWorkspace();
    const readable = readableUnder(policyOf(RULES), cwd);
    expect(readable(path.join(cwd, "notes.txt"))).toBe(false);
    expect(readable(path.join(cwd, ".env"))).toBe(false);
    expect(readable(path.join(cwd, "app.js"))).toBe(true);
  });
});

describe("end to end, through the agent", () => {
  it.each<PermissionMode>(["default", "bypassPermissions"])("in %s mode, a link to a Read-denied file never shows the secret", async (mode) => {
    await linkedWorkspace({ permissions: { deny: ["Read(./.env)"] } });
    const calls = [
      { name: "read_file", input: { path: "notes.txt" } },
      { name: "grep", input: { pattern: "API_TOKEN" } },
      { name: "grep", input: { pattern: "API_TOKEN", path: "notes.txt" } },
      { name: "edit_file", input: { path: "notes.txt", old_text: "API_TOKEN", new_text: "X" } },
      { name: "glob", input: { pattern: "*.txt" } },
    ];
    const { agent, simulator } = await scriptedAgent(lesson, scriptOf(calls), ws.dir, { flags: { "permission-mode": mode } });
    await agent.run("look around", never());
    const results = toolResultsOf(simulator.requests[1]!.body);
    expect(results[0]).toMatchObject({ isError: true, content: expect.stringContaining("matches the rule Read(./.env)") });
    expect(results[1]).toMatchObject({ isError: false, content: expect.stringMatching(/^No matches/) });
    expect(results[2]).toMatchObject({ isError: true, content: expect.stringContaining("Read(./.env)") });
    expect(results[3]).toMatchObject({ isError: true, content: expect.stringContaining("Read(./.env)") });
    expect(results[4]!.content).not.toContain("notes.txt");
    for (const result of results) expect(result.content).not.toContain("tok-do-not-leak");
    expect(await readFile(path.join(ws.dir, ".env"), "utf8")).toBe(`${SECRET}\n`);
  });

  it.each<PermissionMode>(["default", "acceptEdits", "bypassPermissions"])("in %s mode, write_file through a link cannot replace a hook script", async (mode) => {
    await linkedWorkspace({ permissions: { deny: ["Edit(.claude/**)"], allow: ["Edit(*.js)"] } });
    const calls = [
      { name: "write_file", input: { path: "helper.js", content: "// replaced\n" } },
      { name: "edit_file", input: { path: "helper.js", old_text: "real", new_text: "fake" } },
      { name: "write_file", input: { path: "fresh.js", content: "// planted\n" } },
    ];
    const { agent, simulator } = await scriptedAgent(lesson, scriptOf(calls), ws.dir, { flags: { "permission-mode": mode } });
    await agent.run("tidy up", never());
    const results = toolResultsOf(simulator.requests[1]!.body);
    for (const result of results) expect(result).toMatchObject({ isError: true, content: expect.stringContaining("Edit(.claude/**)") });
    expect(await readFile(path.join(ws.dir, ".claude/hooks/log-tool.mjs"), "utf8")).toBe(HOOK);
    await expect(readFile(path.join(ws.dir, ".claude/hooks/new-hook.mjs"), "utf8")).rejects.toThrow();
  });
});
