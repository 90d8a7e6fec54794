/** `--permission-mode` on the command line, as a student runs it: a real child process. */
import { spawn } from "node:child_process";
import { access, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runLessonCli, useTempWorkspace } from "@learn/core/testing";
import { hooksFor, writeSettings } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const runMain = (args: string[]) => runLessonCli(pkg, args);

const ws = useTempWorkspace();

describe("s03 on the command line", () => {
  it("--print in plan mode: reads, is denied the write, answers with a plan; nothing changed", async () => {
    const run = await runMain(["--", "-p", "Create hello.js that prints Hello Agent.", "--permission-mode", "plan", "--model-script", path.join(pkg, "demo/plan-mode.yaml"), "--cwd", ws.dir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Plan mode: I changed nothing\./);
    expect(run.stderr).toContain("Denied: plan mode: write_file hello.js would change something");
    await expect(access(path.join(ws.dir, "hello.js"))).rejects.toThrow();
    // The logging hook saw both calls, the denied write too: it runs before the permission check.
    const log = (await readFile(path.join(ws.dir, ".claude/tool-log.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    expect(log).toEqual([
      expect.objectContaining({ hook_event_name: "PreToolUse", tool_name: "Glob", tool_input: { pattern: "*" } }),
      expect.objectContaining({ hook_event_name: "PreToolUse", tool_name: "Write", permission_mode: "plan" }),
    ]);
  });

  it("the REPL in plan mode says so in its banner, and /demo runs the plan-mode demo to the end", async () => {
    const run = await runLessonCli(pkg, ["--permission-mode", "plan", "--cwd", ws.dir], { stdin: "/demo\n" });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("permission-mode: plan");
    expect(run.stdout).toContain("Plan mode: I changed nothing.");
    expect(run.stdout).not.toContain("400");
    await expect(access(path.join(ws.dir, "hello.js"))).rejects.toThrow();
  });

  it("a settings file that is not JSON stops the session: one line naming file, line and column, exit 2", async () => {
    await writeFile(path.join(ws.dir, ".claude/settings.json"), '{\n  "permissions": {\n    "deny": ["Bash(rm *)"],\n  }\n}\n');
    const run = await runMain(["--", "-p", "hi", "--model-script", path.join(pkg, "demo/plan-mode.yaml"), "--cwd", ws.dir]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toEqual([
      `${path.join(ws.dir, ".claude/settings.json")}:4:3: the settings file is not valid JSON (Expected double-quoted property name). Fix it and start again: no session runs on a policy it cannot read.`,
    ]);
    expect(run.stdout).toBe("");
  });

  it("a SessionEnd hook that sleeps holds --print's exit no longer than Claude Code's budget (1.5 s for a hook with no timeout of its own)", async () => {
    await writeSettings(ws.dir, { hooks: hooksFor("SessionEnd", "sleep 50; touch late.txt") });
    await writeFile(path.join(ws.dir, "hi.yaml"), "turns: [ { content: [ { type: text, text: hi } ] } ]\n");
    const started = Date.now();
    const run = await runMain(["--", "-p", "hi", "--model-script", path.join(ws.dir, "hi.yaml"), "--cwd", ws.dir]);
    expect(run.stdout).toBe("hi\n");
    expect(Date.now() - started).toBeLessThan(20_000);
    await expect(access(path.join(ws.dir, "late.txt"))).rejects.toThrow();
  }, 70_000);

  it("--check-config into a pipe read late: a report of several hundred KiB arrives whole (the exit cut it at the pipe's buffer)", async () => {
    await writeSettings(ws.dir, { permissions: { allow: Array.from({ length: 4000 }, (_, i) => i) } });
    const child = spawn(process.execPath, [path.join(pkg, "../../scripts/start.mjs"), pkg, "--check-config", "--cwd", ws.dir], { env: { ...process.env, LEARN_ENV_FILE: "none" }, stdio: ["ignore", "pipe", "ignore"] });
    child.stdout.pause(); // a reader that comes late (`| jq` still starting): the pipe fills first
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk)).resume();
    await new Promise((resolve) => child.on("close", resolve));
    const stdout = Buffer.concat(chunks).toString("utf8");
    expect(stdout.length).toBeGreaterThan(256 * 1024);
    expect(JSON.parse(stdout).settings[0].problems).toHaveLength(4000);
  }, 30_000);

  it("an unknown mode is a usage error naming the choices", async () => {
    const run = await runMain(["-p", "hi", "--permission-mode", "yolo"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--permission-mode must be one of default, acceptEdits, plan, bypassPermissions (got "yolo")');
  });
});
