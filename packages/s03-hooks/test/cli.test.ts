/** `--permission-mode` on the command line, as a student runs it: a real child process. */
import { spawn } from "node:child_process";
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function runMain(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("ANTHROPIC_") && k !== "MODEL_ID"));
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts", ...args], { cwd: pkg, env: { ...env, NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c));
    child.stderr.on("data", (c: Buffer) => (stderr += c));
    child.stdin.end();
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

describe("s03 on the command line", () => {
  it("--print in plan mode: reads, is denied the write, answers with a plan; nothing changed", async () => {
    const run = await runMain(["--", "-p", "Create hello.js that prints Hello Agent.", "--permission-mode", "plan", "--model-script", path.join(pkg, "demo/plan-mode.yaml"), "--cwd", ws.dir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Plan mode: I changed nothing\./);
    expect(run.stderr).toContain("Denied: plan mode: write_file hello.js would change something");
    await expect(access(path.join(ws.dir, "hello.js"))).rejects.toThrow();
    // The logging hook saw only the glob: the denied write never reached it.
    expect(await readFile(path.join(ws.dir, ".claude/tool-log.jsonl"), "utf8")).toBe('{"tool":"glob","input":{"pattern":"*"}}\n');
  });

  it("an unknown mode is a usage error naming the choices", async () => {
    const run = await runMain(["-p", "hi", "--permission-mode", "yolo"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--permission-mode must be one of default, acceptEdits, plan, bypassPermissions (got "yolo")');
  });
});
