/**
 * The `sandbox` settings as Claude Code names them, merged over the files s03 reads, and what
 * /sandbox says in each state. A `sandbox` value of the wrong shape stops the session.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError } from "@learn/core/harness";
import { autoAllowOf } from "../src/sandbox/auto-allow.ts";
import { DEFAULT_SANDBOX_SETTINGS, readSandboxSettings } from "../src/sandbox/settings.ts";
import { describeSandbox } from "../src/sandbox/command.ts";

let root: string;
let ws: string;
let user: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "learn-s14-settings-"));
  ws = path.join(root, "ws");
  user = path.join(root, "user");
  await mkdir(path.join(ws, ".claude"), { recursive: true });
  await mkdir(user, { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

const write = (file: string, json: unknown) => writeFile(file, JSON.stringify(json));

describe("readSandboxSettings", () => {
  it("with no file says anything: off, and Claude Code's defaults (auto-allow off: 2.1.328 asks unless the key says true)", async () => {
    expect(await readSandboxSettings(ws, user)).toEqual(DEFAULT_SANDBOX_SETTINGS);
    expect(DEFAULT_SANDBOX_SETTINGS).toMatchObject({ enabled: false, autoAllowBashIfSandboxed: false, failIfUnavailable: false });
  });

  it("merges the files least specific first: a later value wins, lists add up, and the sources are named", async () => {
    await write(path.join(user, "settings.json"), { sandbox: { enabled: true, excludedCommands: ["docker"], network: { allowedDomains: ["github.com"] } } });
    await write(path.join(ws, ".claude", "settings.json"), { sandbox: { excludedCommands: ["podman *"] } });
    await write(path.join(ws, ".claude", "settings.local.json"), { sandbox: { enabled: false, failIfUnavailable: true } });
    const settings = await readSandboxSettings(ws, user);
    expect(settings).toMatchObject({ enabled: false, failIfUnavailable: true, excludedCommands: ["docker", "podman *"], allowedDomains: ["github.com"] });
    expect(settings.sources).toHaveLength(3);
  });

  it.each([
    [{ enabled: "yes" }, /enabled/],
    [{ excludedCommands: "docker" }, /excludedCommands/],
    ["on", /expected object/],
  ])("stops the session on a sandbox value of the wrong shape: %j", async (sandbox, message) => {
    await write(path.join(ws, ".claude", "settings.json"), { sandbox });
    const read = readSandboxSettings(ws, user);
    await expect(read).rejects.toThrow(ConfigError);
    await expect(read).rejects.toThrow(message);
  });
});

describe("/sandbox", () => {
  const settings = { ...DEFAULT_SANDBOX_SETTINGS, enabled: true, sources: [".claude/settings.local.json"] };
  it("off", () => {
    expect(describeSandbox({ settings: DEFAULT_SANDBOX_SETTINGS })).toMatch(/^Sandbox: off .* the permission policy alone decides/);
  });
  it("wanted but unavailable: says why, and who decides instead", () => {
    expect(describeSandbox({ settings, probe: { available: false, reason: "bubblewrap is not installed" } })).toBe(
      "Sandbox: wanted, but bubblewrap is not installed. Commands run unsandboxed; the permission policy alone decides. Settings: .claude/settings.local.json.",
    );
    expect(describeSandbox({ settings: { ...settings, failIfUnavailable: true }, probe: { available: false, reason: "x" } })).toMatch(/^Sandbox: required, but x\. .*no command runs/);
  });
  it("on: what it allows, and what the course reads but does not honour", () => {
    const text = describeSandbox({ settings: { ...settings, allowedDomains: ["github.com"], excludedCommands: ["docker"] }, probe: { available: true }, tmp: "/tmp/x" });
    expect(text).toMatch(/^Sandbox: on \(bubblewrap\)/);
    expect(text).toContain("covers:   every process a tool call starts (bash, background jobs, worktree commands) and the MCP stdio servers; not command hooks");
    expect(text).toContain("network:  off (sandbox.network.allowedDomains is read, not honoured: github.com)");
    expect(text).toContain("excluded: docker (run outside, the policy decides)");
    expect(text).toContain("approval: the permission policy asks as in lesson 3 (no auto-allow: sandbox.autoAllowBashIfSandboxed is not true)");
  });
});

describe("autoAllowBashIfSandboxed", () => {
  const on = { ...DEFAULT_SANDBOX_SETTINGS, enabled: true, autoAllowBashIfSandboxed: true };
  const active = { available: true } as const;
  it("is in force only when asked for, the sandbox is active and no command runs outside it", () => {
    expect(autoAllowOf({ settings: on, probe: active, tmp: "/tmp/x" })).toEqual({ on: true });
    expect(autoAllowOf({ settings: { ...on, autoAllowBashIfSandboxed: false }, probe: active, tmp: "/tmp/x" })).toMatchObject({ on: false, why: "sandbox.autoAllowBashIfSandboxed is not true" });
    expect(autoAllowOf({ settings: on, probe: { available: false, reason: "no bwrap" } })).toMatchObject({ on: false, why: "the sandbox is not active" });
    expect(autoAllowOf({ settings: { ...on, enabled: false } })).toMatchObject({ on: false, why: "the sandbox is not active" });
    expect(autoAllowOf({ settings: { ...on, excludedCommands: ["docker"] }, probe: active, tmp: "/tmp/x" })).toMatchObject({ on: false, why: expect.stringContaining("excludedCommands") });
  });
  it("/sandbox says so, and what still asks", () => {
    expect(describeSandbox({ settings: on, probe: active, tmp: "/tmp/x" })).toContain("approval: a command no rule decided runs without a question (autoAllowBashIfSandboxed); deny and ask rules");
  });
});
