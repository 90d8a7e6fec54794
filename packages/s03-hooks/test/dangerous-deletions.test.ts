/**
 * Issue 36, item 6: deleting the home folder, the root, the workspace, a folder holding it, or
 * everything in one of those is asked in every mode, bypassPermissions included, with Claude
 * Code's words ("Dangerous rm operation detected"); without a terminal that is a refusal.
 *
 * Nothing here can delete anything: `rm` and `rmdir` are logging stand-ins first on PATH (checked
 * before any test runs), HOME is a temporary folder, and the workspace sits in one too.
 */
import { execFileSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { decide, lesson, type PermissionMode } from "../src/index.ts";
import { dangerousDeletion } from "../src/permissions/dangerous-deletions.ts";
import { parseCommandLine } from "@learn/bash-analysis";
import { bash, never, policyOf, scriptOf, writeSettings } from "./helpers.ts";

let root: string;
let ws: string;
let home: string;
const saved = { PATH: process.env.PATH, HOME: process.env.HOME };
const log = () => readFile(path.join(root, "stand-in.log"), "utf8").catch(() => "");

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "learn-deletions-"));
  ws = path.join(root, "ws");
  home = path.join(root, "home");
  for (const dir of [ws, home, path.join(root, "bin"), path.join(ws, "canary")]) await mkdir(dir, { recursive: true });
  await writeFile(path.join(ws, "canary", "ok.txt"), "x\n");
  for (const name of ["rm", "rmdir"]) {
    const standIn = path.join(root, "bin", name);
    await writeFile(standIn, `#!/bin/sh\necho "${name} $*" >> "${root}/stand-in.log"\n`);
    await chmod(standIn, 0o755);
  }
  process.env.PATH = `${path.join(root, "bin")}:${saved.PATH}`;
  process.env.HOME = home;
  // Nothing runs unless bash finds the stand-ins first.
  const found = execFileSync("bash", ["-c", "command -v rm; command -v rmdir"], { env: process.env, encoding: "utf8" });
  if (found !== `${root}/bin/rm\n${root}/bin/rmdir\n`) throw new Error(`the stand-ins are not first on PATH: ${found}`);
});
afterAll(async () => {
  process.env.PATH = saved.PATH;
  process.env.HOME = saved.HOME;
  await rm(root, { recursive: true, force: true });
});

const DANGEROUS = () => [
  "rm -rf ~", "rm -rf ~/", 'rm -rf "$HOME"', "rm -rf $HOME/", "rm -rf ..", "rm -rf .", "rm -rf ./", "rm -rf *",
  "rm -rf ./*", `rm -r ${ws}`, `rm -rf ${root}`, "rmdir ..", "rm -rf /etc", "cd canary && rm -rf ../*",
];

describe("a dangerous deletion is asked in every mode (refused with no terminal)", () => {
  it.each<PermissionMode>(["default", "acceptEdits", "bypassPermissions", "plan"])("%s, even under an allow rule Bash(rm *)", async (mode) => {
    await rm(path.join(root, "stand-in.log"), { force: true });
    await writeSettings(ws, { permissions: { allow: ["Bash(rm *)", "Bash(rmdir *)"] } });
    const commands = [...DANGEROUS(), "rm -f canary/ok.txt"];
    const script = scriptOf(commands.map((command) => ({ name: "bash", input: { command } })));
    const { agent, simulator } = await scriptedAgent(lesson, script, ws, { flags: { "permission-mode": mode } });
    await agent.run("clean up", never());
    const results = toolResultsOf(simulator.requests[1]!.body);
    for (const [i, r] of results.slice(0, -1).entries()) {
      expect(r.isError, commands[i]).toBe(true);
      // Plan mode denies every change first; the other modes ask, with Claude Code's words.
      if (mode !== "plan") expect(r.content, commands[i]).toMatch(/^Denied: .*Dangerous rm(dir)? operation detected.*there is no one to ask/s);
    }
    // The stand-in ran only for the harmless deletion (and not at all in plan mode).
    expect(await log()).toBe(mode === "plan" ? "" : "rm -f canary/ok.txt\n");
  });
});

it("`rm -rf .*` (every hidden file, .git/ and .claude/ among them) is refused outright, as Claude Code refuses it", () => {
  for (const mode of ["default", "bypassPermissions"] as const) {
    expect(decide(bash("rm -rf .*"), policyOf({ allow: ["Bash(rm *)"] }, mode), ws)).toMatchObject({ behavior: "deny", step: "refuse-list" });
  }
});

describe("which deletions are dangerous", () => {
  const find = (line: string) => dangerousDeletion(parseCommandLine(line), ws, home);
  it.each(["rm -rf build", "rm -rf ./shop/*", "rm ~/notes.txt", "rm -f canary/ok.txt", "rm -rf canary/.*", "rm -- -rf", "rmdir canary"])("%j is not", (line) => {
    expect(find(line)).toBeUndefined();
  });
  it("names what would go", () => {
    expect(find("rm -rf ~")).toMatch(/^Dangerous rm operation detected: '~' would remove the home folder/);
    expect(find("rm -rf *")).toMatch(/everything in the workspace/);
    expect(find("rm -rf ..")).toMatch(/which holds the workspace/);
    expect(find("command rm -rf -- .")).toMatch(/the workspace/);
    expect(find("rm -rf ~root")).toMatch(/a user's home folder/);
    expect(find('rm -rf "$PWD"/*')).toMatch(/everything in the workspace/);
  });
  it("a deny rule still decides first: a deny is stricter than a question", () => {
    const d = decide(bash("rm -rf ~"), policyOf({ deny: ["Bash(rm -rf *)"] }, "bypassPermissions"), ws);
    expect(d).toMatchObject({ behavior: "deny", step: "deny rule" });
  });
});
