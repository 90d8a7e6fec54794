/**
 * Settings as Claude Code reads them: every rule Claude Code accepts is accepted (an
 * inert one reported, never costing the file its other rules), absolute and home path rules,
 * the user's and the local file with Claude Code's precedence, a hook's `if`,
 * disableBypassPermissionsMode, the Notification hook, SessionEnd on /clear, and --check-config
 * reporting every file. No test reads this machine's ~/.claude: each gives its own user folder.
 */
import { access, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { loadSettings, settingsPlaces } from "@learn/claude-code-files";
import { lesson } from "../src/index.ts";
import { hooksFor, never, scriptOf, shellHook, workspaceWith, writeSettings } from "./helpers.ts";

let ws: TempWorkspace | undefined;
let userDir: string | undefined;
afterEach(async () => {
  await ws?.cleanup();
  if (userDir) await rm(userDir, { recursive: true, force: true });
  ws = userDir = undefined;
});

const exists = (name: string) => access(path.join(ws!.dir, name)).then(() => true, () => false);
/** A user folder of this test's own, with a settings.json when given. */
async function userFolder(settings?: object): Promise<string> {
  userDir = await mkdtemp(path.join(os.tmpdir(), "learn-test-user-claude-"));
  if (settings) await writeFile(path.join(userDir, "settings.json"), JSON.stringify(settings));
  return userDir;
}
const writeLocal = (settings: object) => writeFile(path.join(ws!.dir, ".claude", "settings.local.json"), JSON.stringify(settings));
const noUser = () => path.join(ws!.dir, "no-user-folder");

/** The rules: valid for Claude Code, among ordinary ones. Before this change one of them dropped every allow rule. */
const CLAUDE_CODE_RULES = {
  allow: [
    "Bash(npm test *)",
    "WebFetch(domain:docs.anthropic.com)",
    "Read(//etc/hosts)",
    "Read(~/.gitconfig)",
    "Skill(deploy)",
    "mcp__github__create_issue",
    "mcp__github",
    "mcp__github__*",
    "WebSearch",
    "Edit(src/**)",
  ],
  deny: ["Read(~/.ssh/**)", "Read(//etc/shadow)"],
};

describe("permission rules valid for Claude Code", () => {
  it("are all kept: the inert ones (no such tool here) are reported as ignored, never as problems", async () => {
    ws = await workspaceWith({ permissions: CLAUDE_CODE_RULES });
    const settings = await loadSettings(ws.dir, noUser());
    expect(settings.problems).toEqual([]);
    expect(settings.degraded).toBe(false);
    expect(settings.rules.allow.map((r) => r.text)).toEqual(CLAUDE_CODE_RULES.allow);
    expect(settings.rules.deny.map((r) => r.text)).toEqual(CLAUDE_CODE_RULES.deny);
    expect(settings.ignored).toEqual([
      ".claude/settings.json: permissions.allow[1] WebFetch(domain:docs.anthropic.com): no WebFetch tool here",
      '.claude/settings.json: permissions.allow[4] Skill(deploy): "deploy" is not read here (approves nothing)',
      ".claude/settings.json: permissions.allow[5] mcp__github__create_issue: no MCP tools here",
      ".claude/settings.json: permissions.allow[6] mcp__github: no MCP tools here",
      ".claude/settings.json: permissions.allow[7] mcp__github__*: no MCP tools here",
      ".claude/settings.json: permissions.allow[8] WebSearch: no WebSearch tool here",
    ]);
  });

  it("absolute rules are honoured by the agent: a deny hides a file, an allow approves an edit", async () => {
    ws = await workspaceWith(undefined, { "secret/key.txt": "k-123", "notes/.keep": "" });
    await writeSettings(ws.dir, { permissions: { deny: [`Read(/${ws.dir}/secret/**)`], allow: [`Edit(/${ws.dir}/notes/**)`] } });
    const script = scriptOf([
      { name: "read_file", input: { path: "secret/key.txt" } },
      { name: "write_file", input: { path: "notes/a.md", content: "hello" } },
      { name: "write_file", input: { path: "other.md", content: "no" } },
    ]);
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir, { userDir: noUser() });
    await agent.run("go", never());
    const [read, allowed, other] = toolResultsOf(simulator.requests[1]!.body);
    expect(read).toMatchObject({ isError: true, content: expect.stringMatching(/^Denied: /) });
    expect(read!.content).not.toContain("k-123");
    expect(allowed!.isError).toBe(false);
    expect(await readFile(path.join(ws.dir, "notes/a.md"), "utf8")).toBe("hello");
    expect(other).toMatchObject({ isError: true, content: expect.stringMatching(/no one to ask/) });
    expect(await exists("other.md")).toBe(false);
  });

  it("an inert rule costs the file nothing: the allow rule beside it still allows", async () => {
    ws = await workspaceWith({ permissions: { allow: ["WebFetch(domain:x.com)", "Bash(touch *)"] } });
    const { agent } = await scriptedAgent(lesson, scriptOf([{ name: "bash", input: { command: "touch made.txt" } }]), ws.dir, { userDir: noUser() });
    await agent.run("go", never());
    expect(await exists("made.txt")).toBe(true);
  });
});

describe("the user's, the project's and the local settings, with Claude Code's precedence", () => {
  const LOG = (who: string) => `cat > /dev/null; echo ${who} >> started.log`;

  it("rules from every file (deny wins), hooks from every file, defaultMode from the most specific", async () => {
    ws = await workspaceWith(undefined);
    const hook = async (who: string) => hooksFor("SessionStart", await shellHook(ws!.dir, `${who}.sh`, LOG(who)));
    const user = await userFolder({ permissions: { allow: ["Bash(touch *)"], defaultMode: "acceptEdits" }, hooks: await hook("user") });
    await writeSettings(ws.dir, { permissions: { deny: ["Bash(touch blocked*)"] }, hooks: await hook("project") });
    await writeLocal({ permissions: { defaultMode: "default" }, hooks: await hook("local") });
    const script = scriptOf([
      { name: "bash", input: { command: "touch ok.txt" } },
      { name: "bash", input: { command: "touch blocked.txt" } },
      { name: "write_file", input: { path: "edit.txt", content: "x" } },
    ]);
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir, { userDir: user });
    await agent.run("go", never());

    expect(await exists("ok.txt")).toBe(true); // the user's allow rule
    expect(await exists("blocked.txt")).toBe(false); // the project's deny wins over it
    const [, blocked, edit] = toolResultsOf(simulator.requests[1]!.body);
    expect(blocked!.content).toMatch(/^Denied: .*Bash\(touch blocked\*\)/);
    // The local file's mode beats the user's acceptEdits: the edit is asked, and nobody can answer.
    expect(edit!.content).toMatch(/no one to ask/);
    const text = String(await agent.commands!.find((c) => c.name === "permissions")!.run(""));
    expect(text).toMatch(/^Mode: default/);
    expect((await readFile(path.join(ws.dir, "started.log"), "utf8")).trim().split("\n").sort()).toEqual(["local", "project", "user"]);
  });

  it("a broken deny rule in any file keeps every file's allow rules out", async () => {
    ws = await workspaceWith({ permissions: { allow: ["Bash(touch *)"] } });
    await writeLocal({ permissions: { deny: ["Bash(rm -rf build"] } });
    const settings = await loadSettings(ws.dir, noUser());
    expect(settings).toMatchObject({ degraded: true, rules: { allow: [] } });
    expect(settings.problems).toEqual([expect.stringContaining(`${path.join(ws.dir, ".claude/settings.local.json")}: permissions.deny[0]`)]);
  });
});

describe("permissions.disableBypassPermissionsMode", () => {
  const TOUCH = scriptOf([{ name: "bash", input: { command: "touch made.txt" } }]);
  const REFUSED = 'bypassPermissions mode is disabled by settings (permissions.disableBypassPermissionsMode: "disable"); running in default mode.';

  it("the flag cannot enter bypassPermissions: said once, and the session runs in default mode", async () => {
    ws = await workspaceWith({ permissions: { disableBypassPermissionsMode: "disable" } });
    const { agent, renderer } = await scriptedAgent(lesson, TOUCH, ws.dir, { userDir: noUser(), flags: { "permission-mode": "bypassPermissions" } });
    expect(renderer.ofKind("notice").map((n) => n.text)).toContain(REFUSED);
    await agent.run("go", never());
    expect(await exists("made.txt")).toBe(false);
  });

  it("nor can a settings file's defaultMode, even from another file", async () => {
    ws = await workspaceWith({ permissions: { disableBypassPermissionsMode: "disable" } });
    const user = await userFolder({ permissions: { defaultMode: "bypassPermissions" } });
    const { agent, renderer } = await scriptedAgent(lesson, TOUCH, ws.dir, { userDir: user });
    expect(renderer.ofKind("notice").map((n) => n.text)).toContain(REFUSED);
    await agent.run("go", never());
    expect(await exists("made.txt")).toBe(false);
  });
});

describe("a hook's if", () => {
  it("runs a tool hook only for the calls its rule matches; on another event, never", async () => {
    ws = await workspaceWith(undefined);
    const pre = await shellHook(ws.dir, "pre.sh", "cat >> pre.jsonl; echo >> pre.jsonl");
    const post = await shellHook(ws.dir, "post.sh", "cat >> post.jsonl; echo >> post.jsonl");
    const stop = await shellHook(ws.dir, "stop.sh", "cat > /dev/null; touch stop-ran");
    await writeSettings(ws.dir, {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: pre, if: "Bash(git commit *)" }] }],
        PostToolUse: [{ hooks: [{ type: "command", command: post, if: "Bash(echo *)" }] }],
        Stop: [{ hooks: [{ type: "command", command: stop, if: "Bash" }] }],
      },
    });
    const calls = ["echo hi", "cd . && git commit -m wip", "git status"].map((command) => ({ name: "bash", input: { command } }));
    const { agent } = await scriptedAgent(lesson, scriptOf(calls), ws.dir, { userDir: noUser(), flags: { "permission-mode": "bypassPermissions" } });
    await agent.run("go", never());
    const lines = async (file: string) => (await readFile(path.join(ws!.dir, file), "utf8")).trim().split("\n").map((l) => JSON.parse(l).tool_input.command);
    expect(await lines("pre.jsonl")).toEqual(["cd . && git commit -m wip"]);
    expect(await lines("post.jsonl")).toEqual(["echo hi"]);
    expect(await exists("stop-ran")).toBe(false);
  });

  it("an if that cannot be decided runs the hook (fail closed): `x=rm; $x ...` and `node -e` meet an rm guard", async () => {
    ws = await workspaceWith(undefined, { "dir/keep.txt": "x\n", "dir2/keep.txt": "x\n" });
    const guard = await shellHook(ws.dir, "guard.sh", "cat >> guarded.jsonl; echo >> guarded.jsonl; echo 'no removing' >&2; exit 2");
    await writeSettings(ws.dir, { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: guard, if: "Bash(rm *)" }] }] } });
    const calls = ["x=rm; $x -r dir", "node -e \"require('fs').rmSync('dir2', { recursive: true })\"", "echo fine"].map((command) => ({ name: "bash", input: { command } }));
    const { agent, simulator } = await scriptedAgent(lesson, scriptOf(calls), ws.dir, { userDir: noUser(), flags: { "permission-mode": "bypassPermissions" } });
    await agent.run("go", never());
    const results = toolResultsOf(simulator.requests[1]!.body);
    expect(results.map((r) => r.isError)).toEqual([true, true, false]);
    expect(await exists("dir/keep.txt")).toBe(true);
    expect(await exists("dir2/keep.txt")).toBe(true);
    // ...and a call it can decide is left alone: the guard saw only the two it could not.
    const seen = (await readFile(path.join(ws.dir, "guarded.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l).tool_input.command);
    expect(seen).toEqual([calls[0]!.input.command, calls[1]!.input.command]);
  });
});

describe("Notification and SessionEnd on /clear, as Claude Code fires them", () => {
  it("a permission question fires Notification (permission_prompt) with Claude Code's payload; without a terminal, none", async () => {
    ws = await workspaceWith(undefined);
    const command = await shellHook(ws.dir, "notify.sh", "cat > notified.json");
    await writeSettings(ws.dir, { hooks: hooksFor("Notification", command, "permission_prompt") });
    const TOUCH = scriptOf([{ name: "bash", input: { command: "touch made.txt" } }]);
    const questions: string[] = [];
    const asked = await scriptedAgent(lesson, TOUCH, ws.dir, { userDir: noUser(), interactive: true, ask: async (q) => (questions.push(q), "n") });
    await asked.agent.run("go", never());
    expect(questions).toHaveLength(1);
    expect(JSON.parse(await readFile(path.join(ws.dir, "notified.json"), "utf8"))).toEqual({
      session_id: expect.any(String),
      transcript_path: expect.any(String),
      cwd: ws.dir,
      permission_mode: "default",
      hook_event_name: "Notification",
      message: "Claude needs your permission to use Bash",
      notification_type: "permission_prompt",
    });

    await rm(path.join(ws.dir, "notified.json"));
    const unasked = await scriptedAgent(lesson, TOUCH, ws.dir, { userDir: noUser() });
    await unasked.agent.run("go", never());
    expect(await exists("notified.json")).toBe(false);
  });

  it("/clear ends the session (SessionEnd clear), the next prompt starts a new one (SessionStart clear, a new id)", async () => {
    ws = await workspaceWith(undefined);
    const command = await shellHook(ws.dir, "log.sh", "cat >> events.jsonl; echo >> events.jsonl");
    await writeSettings(ws.dir, { hooks: { ...hooksFor("SessionStart", command), ...hooksFor("SessionEnd", command) } });
    const turns = { turns: [1, 2].map((n) => ({ content: [{ type: "text", text: `answer ${n}` }] })) };
    const { agent } = await scriptedAgent(lesson, JSON.stringify(turns), ws.dir, { userDir: noUser() });
    await agent.run("one", never());
    agent.clear();
    await agent.run("two", never());
    await agent.close?.();
    const events = (await readFile(path.join(ws.dir, "events.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    expect(events.map((e) => `${e.hook_event_name} ${e.source ?? e.reason}`)).toEqual(["SessionStart startup", "SessionEnd clear", "SessionStart clear", "SessionEnd other"]);
    expect(events[1].session_id).toBe(events[0].session_id);
    expect(events[2].session_id).not.toBe(events[1].session_id);
    expect(events[3].session_id).toBe(events[2].session_id);
  });
});

describe("--check-config: every settings file", () => {
  it("reports the user's, the project's and the local file, each with its problems and what is ignored", async () => {
    ws = await workspaceWith({ permissions: CLAUDE_CODE_RULES, env: { X: "1" }, hooks: { PermissionRequest: [] } });
    await writeLocal({ permissions: { allow: ["Bash()"], additionalDirectories: ["../lib"] } });
    const user = await userFolder({ model: "opus", statusLine: {}, enabledPlugins: {} });
    const report = await lesson.checkConfig!({ cwd: ws.dir, userDir: user });
    expect(report.settings).toEqual([
      { file: path.join(user, "settings.json"), status: "loaded", problems: [], ignored: ["model", "statusLine", "enabledPlugins"] },
      {
        file: ".claude/settings.json",
        status: "loaded",
        problems: [],
        ignored: [
          "env",
          "permissions.allow[1] WebFetch(domain:docs.anthropic.com): no WebFetch tool here",
          'permissions.allow[4] Skill(deploy): "deploy" is not read here (approves nothing)',
          "permissions.allow[5] mcp__github__create_issue: no MCP tools here",
          "permissions.allow[6] mcp__github: no MCP tools here",
          "permissions.allow[7] mcp__github__*: no MCP tools here",
          "permissions.allow[8] WebSearch: no WebSearch tool here",
          "hooks.PermissionRequest: the course has no such moment",
        ],
      },
      {
        file: ".claude/settings.local.json",
        status: "partial",
        problems: [`${path.join(ws.dir, ".claude/settings.local.json")}: permissions.allow[0]: "Bash()": the specifier is empty (write just Bash to match every call)`],
        ignored: ["permissions.additionalDirectories"],
      },
    ]);
  });

  it("names the user's file with its ~ when it is in the home folder", () => {
    const [user] = settingsPlaces("/work/ws", path.join(os.homedir(), ".claude"));
    expect(user).toMatchObject({ scope: "user", shown: "~/.claude/settings.json" });
  });

  it("start-up says it once, briefly: at a terminal the files read, and per file what is not used; --print only the latter", async () => {
    ws = await workspaceWith({ permissions: { allow: ["WebFetch(domain:x.com)"] }, env: {} });
    const user = await userFolder({ model: "opus" });
    const userFile = path.join(user, "settings.json");
    const unused = [
      `  ${userFile}: read, not used here: model (--check-config says why)`,
      "  .claude/settings.json: read, not used here: env, permissions.allow[0] WebFetch(domain:x.com) (--check-config says why)",
    ];
    const atTerminal = await scriptedAgent(lesson, scriptOf([]), ws.dir, { userDir: user, interactive: true });
    expect(atTerminal.renderer.ofKind("notice").map((n) => n.text)).toEqual([`Settings: ${userFile}, .claude/settings.json`, ...unused]);
    const printed = await scriptedAgent(lesson, scriptOf([]), ws.dir, { userDir: user });
    expect(printed.renderer.ofKind("notice").map((n) => n.text)).toEqual(unused);
  });
});
