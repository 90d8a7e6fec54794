/**
 * A broken settings.json: a file that is not JSON stops the session with the file, line and
 * column; a broken entry is shown with its place and rule, and the session starts stricter,
 * never looser.
 */
import { access } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { loadSettings } from "@learn/claude-code-files";
import { lesson, parseRule, policyFor } from "../src/index.ts";
import { never, scriptOf, workspaceWith } from "./helpers.ts";

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

const settingsIn = async (settings: object | string) => {
  ws = await workspaceWith(settings);
  return { file: path.join(ws.dir, ".claude/settings.json"), settings: await loadSettings(ws.dir, path.join(ws.dir, "no-user-settings")) };
};

describe("loading settings.json", () => {
  it("no file: no rules, no hooks, no problems", async () => {
    ws = await workspaceWith(undefined);
    const s = await loadSettings(ws.dir, path.join(ws.dir, "no-user-settings"));
    expect(s).toMatchObject({ problems: [], degraded: false, hooks: {}, rules: { deny: [], ask: [], allow: [] } });
  });

  it("a good file: rules parsed in their lists, the mode, the hooks", async () => {
    const { settings } = await settingsIn({
      permissions: { allow: ["Bash(npm test *)"], ask: ["Bash(git push *)"], deny: ["Read(./.env)"], defaultMode: "acceptEdits" },
      hooks: { PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] },
      model: "some other Claude Code setting, left alone",
    });
    expect(settings.problems).toEqual([]);
    expect(settings.rules.allow.map((r) => r.text)).toEqual(["Bash(npm test *)"]);
    expect(settings.rules.deny.map((r) => r.text)).toEqual(["Read(./.env)"]);
    expect(settings.defaultMode).toBe("acceptEdits");
    expect(settings.hooks.PostToolUse?.[0]?.hooks).toEqual([{ command: "true", timeoutSeconds: 60 }]);
  });

  // A file that is not JSON stops the session: a guess could drop the very deny rule that mattered.
  it.each([
    ["a trailing comma", `{ "permissions": { "allow": ["Bash"], } `, "1:39", "is not valid JSON (Expected double-quoted property name)"],
    ["a missing comma", `{\n  "permissions": {\n    "deny": ["Bash(rm *)"]\n    "allow": []\n  }\n}`, "4:5", "is not valid JSON"],
    ["a cut-off file", `{\n  "permissions": {`, "2:19", "is not valid JSON"],
    ["not an object", `["Bash(rm *)"]`, "1:1", "must hold a JSON object, not a list"],
    ["null", `null`, "1:1", "must hold a JSON object, not null"],
  ])("%s: a ConfigError naming the file, line and column", async (_what, text, place, message) => {
    ws = await workspaceWith(text);
    const file = path.join(ws.dir, ".claude/settings.json");
    const error = await loadSettings(ws.dir, path.join(ws.dir, "no-user-settings")).then(() => undefined, (err: unknown) => err);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`${file}:${place}: the settings file ${message}`);
    expect((error as Error).message).not.toContain("\n");
  });

  it("an unknown mode: named with the value; allow rules dropped, deny rules kept", async () => {
    const { file, settings } = await settingsIn({ permissions: { defaultMode: "yolo", allow: ["Bash"], deny: ["Bash(rm *)"] } });
    expect(settings.problems).toEqual([`${file}: permissions.defaultMode: expected one of default, acceptEdits, plan, bypassPermissions (got "yolo")`]);
    expect(settings.degraded).toBe(true);
    expect(settings.defaultMode).toBeUndefined();
    expect(settings.rules.allow).toEqual([]);
    expect(settings.rules.deny.map((r) => r.text)).toEqual(["Bash(rm *)"]);
  });

  it("a rule that does not parse: named with its place and text; the deny and ask rules that parse are kept", async () => {
    const { file, settings } = await settingsIn({
      permissions: { allow: ["Bash(ls *)", "Bash(npm run"], ask: ["Bash(git push *)"], deny: ["Bash(rm *)", "mcp__github(x)"] },
    });
    expect(settings.problems).toEqual([
      `${file}: permissions.allow[1]: "Bash(npm run": it is missing the closing ")"`,
      `${file}: permissions.deny[1]: "mcp__github(x)": MCP rules take no specifier (write mcp__github, or mcp__server__* for all of a server's tools)`,
    ]);
    expect(settings.rules.allow).toEqual([]);
    expect(settings.rules.ask.map((r) => r.text)).toEqual(["Bash(git push *)"]);
    expect(settings.rules.deny.map((r) => r.text)).toEqual(["Bash(rm *)"]);
  });

  it("wrong types are named", async () => {
    const { file, settings } = await settingsIn({ permissions: { allow: "Bash(ls)", deny: [42] } });
    expect(settings.problems).toEqual([
      `${file}: permissions.allow: expected a list of rules (got "Bash(ls)")`,
      `${file}: permissions.deny[0]: a rule must be a string`,
    ]);
  });

  it("plan mode survives a broken file (it only restricts); a loosening mode does not", async () => {
    const { settings } = await settingsIn({ permissions: { defaultMode: "plan", deny: [7] } });
    expect(settings).toMatchObject({ degraded: true, defaultMode: "plan" });
    const loose = await settingsIn({ permissions: { defaultMode: "acceptEdits", ask: ["Bash("] } });
    expect(loose.settings).toMatchObject({ degraded: true });
    expect(loose.settings.defaultMode).toBeUndefined();
  });

  it("an allow rule that does not parse costs only itself: an allow rule only loosens", async () => {
    const { file, settings } = await settingsIn({ permissions: { allow: ["Bash(ls *)", "Bash()", "Read(src/**)"] } });
    expect(settings.problems).toEqual([`${file}: permissions.allow[1]: "Bash()": the specifier is empty (write just Bash to match every call)`]);
    expect(settings.degraded).toBe(false);
    expect(settings.rules.allow.map((r) => r.text)).toEqual(["Bash(ls *)", "Read(src/**)"]);
  });

  it("a broken hook entry is dropped and named; valid hooks and the permissions stay", async () => {
    const { file, settings } = await settingsIn({
      permissions: { allow: ["Bash(ls *)"] },
      hooks: {
        PreToolUse: [
          { matcher: "bash(", hooks: [{ type: "command", command: "true" }] },
          { matcher: "bash", hooks: [{ type: "command", command: "guard.sh" }] },
        ],
        PostToolUse: [{ hooks: [{ type: "prompt", command: "x" }] }],
        PermissionRequest: [{ hooks: [{ type: "command", command: "true" }] }],
      },
    });
    expect(settings.problems).toEqual([
      expect.stringMatching(new RegExp(`^${file}: hooks\\.PreToolUse\\[0\\]\\.matcher: "bash\\(" is not a valid regular expression`)),
      `${file}: hooks.PostToolUse[0].hooks[0].type: only "type": "command" hooks are supported (got "prompt")`,
    ]);
    // An event Claude Code has and the course does not: no problem, reported as ignored.
    expect(settings.ignored).toEqual([".claude/settings.json: hooks.PermissionRequest: the course has no such moment"]);
    expect(settings.hooks.PreToolUse?.map((e) => e.matcher)).toEqual(["bash"]);
    expect(settings.hooks.PostToolUse).toBeUndefined();
    expect(settings.degraded).toBe(false);
    expect(settings.rules.allow.map((r) => r.text)).toEqual(["Bash(ls *)"]);
  });
});

describe("an agent on broken settings", () => {
  const TOUCH = scriptOf([{ name: "bash", input: { command: "touch made.txt" } }]);

  it("shows each problem naming the file and the rule, and a mutating call is still denied without a terminal", async () => {
    ws = await workspaceWith({ permissions: { allow: ["Bash(touch *)"], deny: ["Bash(npm run"] } });
    const { agent, renderer, simulator } = await scriptedAgent(lesson, TOUCH, ws.dir);
    const errors = renderer.ofKind("error").map((e) => e.text);
    expect(errors).toEqual([expect.stringContaining(`${path.join(ws.dir, ".claude/settings.json")}: permissions.deny[0]: "Bash(npm run"`)]);
    expect(renderer.ofKind("notice").map((e) => e.text)).toEqual([
      expect.stringMatching(/keeps only what restricts: no deny rules and no ask rules, no allow rules/),
    ]);

    await agent.run("make a file", never());
    expect(toolResultsOf(simulator.requests[1]!.body)[0]).toMatchObject({ isError: true, content: expect.stringMatching(/^Denied: .*no one to ask/) });
    await expect(access(path.join(ws.dir, "made.txt"))).rejects.toThrow();
  });

  it("does not apply a loosening mode while the file is broken", async () => {
    ws = await workspaceWith({ permissions: { deny: ["Bash(touch *)", 42] } });
    const { agent, renderer, simulator } = await scriptedAgent(lesson, TOUCH, ws.dir, { flags: { "permission-mode": "bypassPermissions" } });
    expect(renderer.ofKind("notice").map((e) => e.text)).toContain(
      "Permission mode bypassPermissions is not applied while .claude/settings.json has problems; running in default mode.",
    );
    await agent.run("make a file", never());
    expect(toolResultsOf(simulator.requests[1]!.body)[0]!.isError).toBe(true);
    await expect(access(path.join(ws.dir, "made.txt"))).rejects.toThrow();
  });

  it("a file that is not JSON: the agent is not created (the CLI prints the line and exits 2)", async () => {
    ws = await workspaceWith(`{ "permissions": { "deny": ["Bash(touch *)"] `);
    await expect(scriptedAgent(lesson, TOUCH, ws.dir)).rejects.toThrow(ConfigError);
  });

  it("never advises the allow rule a broken entry contradicts", async () => {
    // The user meant to deny `rm -rf build`; the rule lost its ")". The advice must not be "allow it".
    ws = await workspaceWith({ permissions: { deny: ["Bash(rm -rf build"] } });
    const { agent, simulator } = await scriptedAgent(lesson, scriptOf([{ name: "bash", input: { command: "rm -rf build" } }]), ws.dir);
    await agent.run("clean up", never());
    const [result] = toolResultsOf(simulator.requests[1]!.body);
    expect(result!.isError).toBe(true);
    expect(result!.content).toContain("no one to ask");
    expect(result!.content).toContain(".claude/settings.json has entries that do not parse, so none of its allow rules are used");
    expect(result!.content).not.toMatch(/add "Bash/);
  });

  it("defaultMode from settings applies; the flag overrides it", async () => {
    ws = await workspaceWith({ permissions: { defaultMode: "bypassPermissions" } });
    const fromFile = await scriptedAgent(lesson, TOUCH, ws.dir);
    await fromFile.agent.run("make a file", never());
    await access(path.join(ws.dir, "made.txt"));

    const planned = await scriptedAgent(lesson, scriptOf([{ name: "bash", input: { command: "touch second.txt" } }]), ws.dir, {
      flags: { "permission-mode": "plan" },
    });
    await planned.agent.run("make another", never());
    expect(toolResultsOf(planned.simulator.requests[1]!.body)[0]!.content).toMatch(/^Denied: plan mode/);
    await expect(access(path.join(ws.dir, "second.txt"))).rejects.toThrow();
  });
});

describe("the notice for a degraded file counts in words", () => {
  it.each([
    [0, 0, "no deny rules and no ask rules"],
    [1, 0, "1 deny rule and no ask rules"],
    [2, 1, "2 deny rules and 1 ask rule"],
  ])("%i deny, %i ask → %s", (deny, ask, words) => {
    const rules = { deny: Array.from({ length: deny }, () => parseRule("Bash(rm *)")), ask: Array.from({ length: ask }, () => parseRule("Bash")), allow: [] };
    const { notices, policy } = policyFor({ rules, degraded: true }, undefined, ".claude/settings.json");
    expect(notices[0]).toBe(`Because .claude/settings.json has problems, this session keeps only what restricts: ${words}, no allow rules. Fix the file and start again to use the rest.`);
    expect(policy.degraded).toBe(true);
  });
});
