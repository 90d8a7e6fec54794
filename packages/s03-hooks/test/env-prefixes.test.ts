/**
 * Issue 36, item 5: an assignment in front of a command (`FOO=1 touch x`, `env ... git add`)
 * chooses the environment the program runs in — `PATH=./fakebin:$PATH cat` runs a workspace
 * script, `GIT_CONFIG_*` plants a git hook. A rule that approves `touch *` approves touch in an
 * ordinary environment: outside Claude Code's short list of harmless variables, a prefix asks.
 * Through s03's real command line (real bash, canaries in a temp folder) and in every mode.
 */
import { execFileSync } from "node:child_process";
import { access, chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scriptedAgent, tempWorkspace, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { decide, lesson, type PermissionMode } from "../src/index.ts";
import type { Behavior } from "../src/permissions/decision.ts";
import { bash, never, policyOf, scriptOf, WORKSPACE, writeSettings } from "./helpers.ts";

const RULES = { allow: ["Bash(touch *)", "Bash(cat *)", "Bash(git add *)", "Bash(git status *)"], deny: ["Bash(rm -rf *)"] };

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace({ "README.md": "hello\n", "canary/keep.txt": "still here\n" });
  // A `cat` in the workspace that leaves a mark: what `PATH=./fakebin:$PATH cat` would run.
  await mkdir(path.join(ws.dir, "fakebin"));
  await writeFile(path.join(ws.dir, "fakebin", "cat"), "#!/bin/sh\ntouch pwned-by-path.txt\n");
  await chmod(path.join(ws.dir, "fakebin", "cat"), 0o755);
  execFileSync("git", ["init", "-q"], { cwd: ws.dir });
});
afterEach(() => ws.cleanup());

const exists = (file: string) => access(path.join(ws.dir, file)).then(() => true, () => false);

async function runBash(commands: string[], mode: PermissionMode = "default") {
  await writeSettings(ws.dir, { permissions: RULES });
  const script = scriptOf(commands.map((command) => ({ name: "bash", input: { command } })));
  const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir, { flags: { "permission-mode": mode } });
  await agent.run("go", never());
  return toolResultsOf(simulator.requests[1]!.body);
}

describe("an assignment prefix does not ride on an allow rule", () => {
  it("default mode, no terminal: the prefixes that change what runs are asked (so denied); harmless ones run", async () => {
    const results = await runBash([
      "PATH=./fakebin:$PATH cat README.md",
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='touch pwned-by-git.txt' git add README.md",
      "GIT_CONFIG_PARAMETERS=\"'core.fsmonitor=touch pwned-by-params.txt'\" git status",
      "FOO=1 touch foo.txt",
      "env touch env.txt",
      "env NODE_ENV=production touch env-node.txt",
      "NODE_ENV=$HOME touch node-env-var.txt",
      "NODE_ENV=production TZ=UTC touch harmless.txt",
      "LANG=C.UTF-8 touch locale.txt",
    ]);
    for (const r of results.slice(0, 7)) expect(r).toMatchObject({ isError: true, content: expect.stringMatching(/^Denied: .*no rule can approve this one/s) });
    expect(results[0]!.content).toContain("it sets PATH for the program");
    expect(results[4]!.content).toContain("env");
    for (const file of ["pwned-by-path.txt", "pwned-by-git.txt", "pwned-by-params.txt", "foo.txt", "env.txt", "env-node.txt", "node-env-var.txt"]) {
      expect(await exists(file), file).toBe(false);
    }
    expect(results.slice(7).map((r) => r.isError)).toEqual([false, false]);
    expect(await exists("harmless.txt")).toBe(true);
    expect(await exists("locale.txt")).toBe(true);
  });

  it("a prefix does not dodge a deny rule, in bypassPermissions either", async () => {
    const results = await runBash(["FOO=1 rm -rf canary", "env A=1 rm -rf canary", "NODE_ENV=x rm -rf canary"], "bypassPermissions");
    for (const r of results) expect(r.content).toMatch(/^Denied: .*matches the rule Bash\(rm -rf \*\)/s);
    expect(await exists("canary/keep.txt")).toBe(true);
  });
});

describe("the policy, mode by mode", () => {
  const judged = (command: string, mode: PermissionMode) => decide(bash(command), policyOf(RULES, mode), WORKSPACE);
  // bypassPermissions allows what no rule decided (Claude Code ran these there too); plan mode denies what changes.
  it.each<[string, Record<PermissionMode, Behavior>]>([
    ["FOO=1 touch x", { default: "ask", acceptEdits: "ask", plan: "deny", bypassPermissions: "allow" }],
    ["LD_PRELOAD=./x.so cat README.md", { default: "ask", acceptEdits: "ask", plan: "deny", bypassPermissions: "allow" }],
    ["BASH_ENV=./x.sh cat README.md", { default: "ask", acceptEdits: "ask", plan: "deny", bypassPermissions: "allow" }],
    ["GIT_DIR=.git git status", { default: "ask", acceptEdits: "ask", plan: "deny", bypassPermissions: "allow" }],
    ["LANG=../x touch x", { default: "ask", acceptEdits: "ask", plan: "deny", bypassPermissions: "allow" }],
    ["timeout 5 env touch x", { default: "ask", acceptEdits: "ask", plan: "deny", bypassPermissions: "allow" }],
    ["NODE_ENV=test touch x", { default: "allow", acceptEdits: "allow", plan: "deny", bypassPermissions: "allow" }],
    ["CI=1 NO_COLOR=1 cat README.md", { default: "allow", acceptEdits: "allow", plan: "deny", bypassPermissions: "allow" }],
    ["FOO=1 rm -rf x", { default: "deny", acceptEdits: "deny", plan: "deny", bypassPermissions: "deny" }],
  ])("%j", (command, expected) => {
    for (const [mode, behavior] of Object.entries(expected)) expect(judged(command, mode as PermissionMode).behavior, mode).toBe(behavior);
  });
});
