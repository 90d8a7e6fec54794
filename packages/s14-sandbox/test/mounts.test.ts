/**
 * What the sandbox opens and hides, without starting one (no bubblewrap needed): the mounts
 * for a workspace, bwrap's arguments in their order, excluded commands, and bad input.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseRule, policyFor, readableUnder } from "@learn/s03";
import { mountsFor, type DenialInputs } from "../src/index.ts";
import { bwrapArgs, inBwrap } from "../src/sandbox/bwrap.ts";
import { fixedPartOf, WalkTooLargeError } from "../src/sandbox/mounts.ts";
import { isExcluded } from "../src/sandbox/excluded.ts";
import { refusingWrapper } from "../src/sandbox/wrapper.ts";

let ws: string;
let tmp: string;
beforeEach(async () => {
  ws = await mkdtemp(path.join(os.tmpdir(), "learn-s14-mounts-"));
  tmp = path.join(ws, "..", `${path.basename(ws)}-tmp`);
  await mkdir(path.join(ws, ".git", "hooks"), { recursive: true });
  await writeFile(path.join(ws, ".git", "config"), "[core]\n");
  await mkdir(path.join(ws, "secrets"), { recursive: true });
  await writeFile(path.join(ws, "secrets", "key.pem"), "k");
  await writeFile(path.join(ws, ".env"), "TOKEN=x\n");
  await writeFile(path.join(ws, "notes.md"), "hi\n");
  await symlink(".env", path.join(ws, "innocent.txt"));
  await mkdir(path.join(ws, "sub", ".git"), { recursive: true });
  await writeFile(path.join(ws, "sub", ".git", "config"), "[core]\n");
});
afterEach(() => rm(ws, { recursive: true, force: true }));

/** Inputs as the mechanism builds them, from s03's own policy with these deny rules. */
function inputsWith(deny: string[], more: Partial<DenialInputs> = {}): DenialInputs {
  const policy = policyFor({ rules: { deny: deny.map(parseRule), ask: [], allow: [] }, degraded: false }, "default", ".claude/settings.json").policy;
  return { workspace: ws, tmp, readable: readableUnder(policy, ws), secretFiles: [], readDenials: [], ...more };
}

describe("mountsFor", () => {
  it("writes: the workspace and the temp dir; read-only: .git/config and hooks (a nested repository's too) and .claude/, made if missing", () => {
    const mounts = mountsFor(inputsWith([]));
    expect(mounts.writable).toEqual([ws, tmp]);
    expect(mounts.readOnly).toEqual(expect.arrayContaining([path.join(ws, ".claude"), path.join(ws, ".git", "hooks"), path.join(ws, ".git", "config"), path.join(ws, "sub", ".git", "config")]));
    expect(mounts.hiddenFiles).toEqual([]);
  });

  it("hides what s03 may not read: a file by rule, a symlink to it, a folder by rule", () => {
    const mounts = mountsFor(inputsWith(["Read(./.env)", "Read(secrets)"]));
    expect([...mounts.hiddenFiles].sort()).toEqual([path.join(ws, ".env"), path.join(ws, "innocent.txt")]);
    expect(mounts.hiddenFolders).toEqual([path.join(ws, "secrets")]);
  });

  it("hides the key's env file wherever it is, and the fixed part of an absolute or home rule", () => {
    const mounts = mountsFor(inputsWith([], { secretFiles: [path.join(ws, "notes.md")], readDenials: [`/${ws}/secrets/*.pem`] }));
    expect(mounts.hiddenFiles).toEqual([path.join(ws, "notes.md")]);
    expect(mounts.hiddenFolders).toEqual([path.join(ws, "secrets")]);
  });

  it("refuses to guess past its limit: a workspace too large to check is an error, not an unchecked command", () => {
    expect(() => mountsFor(inputsWith([], { maxEntries: 3 }))).toThrow(WalkTooLargeError);
  });
});

describe("fixedPartOf", () => {
  it.each([
    ["~/.ssh/**", "/home/u/.ssh"],
    ["//etc/shadow", "/etc/shadow"],
    ["//etc/*.key", "/etc"],
    ["//srv/app/secret-*/x", "/srv/app"],
    ["./.env", undefined],
    ["*.pem", undefined],
    ["//**", undefined],
  ])("%s → %s", (specifier, fixed) => {
    expect(fixedPartOf(specifier, "/home/u")).toBe(fixed);
  });
});

describe("bwrap's command line", () => {
  const mounts = { writable: ["/w"], tmp: "/t", readOnly: ["/w/.claude"], hiddenFiles: ["/w/.env"], hiddenFolders: ["/w/secrets"] };

  it("mounts the machine read-only first, then opens the workspace, then closes the protected and hidden parts (a later mount covers an earlier one)", () => {
    const args = bwrapArgs(mounts, "/w");
    const at = (...words: string[]) => args.findIndex((_, i) => words.every((w, j) => args[i + j] === w));
    expect(at("--ro-bind", "/", "/")).toBe(0);
    expect(at("--bind", "/w", "/w")).toBeGreaterThan(at("--proc", "/proc"));
    expect(at("--ro-bind", "/w/.claude", "/w/.claude")).toBeGreaterThan(at("--bind", "/w", "/w"));
    expect(at("--ro-bind", "/dev/null", "/w/.env")).toBeGreaterThan(at("--ro-bind", "/w/.claude", "/w/.claude"));
    expect(at("--tmpfs", "/w/secrets")).toBeGreaterThan(0);
    for (const flag of ["--unshare-net", "--unshare-pid", "--unshare-user", "--disable-userns", "--new-session", "--die-with-parent"]) expect(args).toContain(flag);
    expect(at("--cap-drop", "ALL")).toBeGreaterThan(0);
    expect(at("--setenv", "TMPDIR", "/t")).toBeGreaterThan(0);
  });

  it("runs the same program with the same arguments after `--`, in the same folder", () => {
    const launch = inBwrap({ file: "bash", args: ["-c", "ls"], cwd: "/w/sub", env: { A: "1" } }, mounts);
    expect(launch.file).toBe("bwrap");
    expect(launch.args.slice(-3)).toEqual(["bash", "-c", "ls"]);
    expect(launch.args.at(-4)).toBe("--");
    expect(launch.cwd).toBe("/w/sub");
    expect(launch.env).toEqual({ A: "1" });
  });
});

describe("excludedCommands", () => {
  const bash = (command: string) => ({ file: "bash", args: ["--norc", "--noprofile", "-c", command], cwd: "/w", env: {} });
  it.each([
    ["docker ps", ["docker"], true],
    ["docker ps", ["docker *"], true],
    ["docker", ["docker:*"], true],
    ["dockerd", ["docker"], false],
    ["docker ps; cat ~/.ssh/id_rsa", ["docker"], false],
    ["docker ps && rm -rf x", ["docker"], false],
    ["docker run $(cat .env)", ["docker"], false],
    ["npm test", [], false],
  ])("%s with %j: outside the sandbox? %s", (command, patterns, excluded) => {
    expect(isExcluded(bash(command), patterns)).toBe(excluded);
  });
  it("a program that is not bash is never excluded", () => {
    expect(isExcluded({ file: "node", args: ["-c", "docker"], cwd: "/w", env: {} }, ["docker"])).toBe(false);
  });
});

describe("failIfUnavailable with no sandbox", () => {
  it("starts nothing, and says why", () => {
    expect(() => refusingWrapper("bubblewrap is not installed").wrap({ file: "bash", args: [], cwd: "/", env: {} })).toThrow(/not run: the sandbox is required \(sandbox.failIfUnavailable\) and bubblewrap is not installed/);
  });
});
