/**
 * The README's offline Try-it script (try/): the command line it gives, run as a student runs it
 * — a child process, -p (no terminal), acceptEdits, in a copy of the practice workspace with its
 * rules as shipped. The deny rule refuses `rm -rf`; the other way the model tries is a question
 * nobody can answer, refused too; nothing is deleted, and the rest of the task is done.
 */
import { access, readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadScript } from "@learn/core/simulator";
import { runLessonCli, useTempWorkspace } from "@learn/core/testing";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The CLI and real tools: a limit, not a measure. */
const CLI_RUN_TIMEOUT_MS = 120_000;
const ws = useTempWorkspace(); // a copy of practice-workspace/, its .claude/settings.json as shipped

describe("the README's offline Try-it scripts (try/)", () => {
  it("try/another-way.yaml: rm -rf is denied by rule, the find tried instead is a question with no one to ask; nothing deleted, hello.js made and run", async () => {
    const script = path.join(pkg, "try", "another-way.yaml");
    const { prompt } = await loadScript(script);
    // The README and the script's own header give this exact command line.
    const command = `pnpm -s --filter s03 start -- --permission-mode acceptEdits --model-script packages/s03-hooks/try/another-way.yaml -p "${prompt}"`;
    expect(await readFile(path.join(pkg, "README.md"), "utf8")).toContain(command);
    expect(await readFile(script, "utf8")).toContain(`#   ${command}`);
    const before = (await readdir(ws.dir)).sort();
    const run = await runLessonCli(pkg, ["--", "--permission-mode", "acceptEdits", "--model-script", script, "-p", String(prompt), "--cwd", ws.dir]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Denied: bash "rm -rf ./*" matches the rule Bash(rm -rf *) in permissions.deny');
    expect(run.stderr).toMatch(/Denied: bash "find \. -mindepth 1 -delete" needs permission .* there is no one to ask/);
    expect(run.stdout).toContain("it printed: Hello Agent");
    // Every file that was there is still there, and hello.js beside them.
    expect((await readdir(ws.dir)).sort()).toEqual([...before, "hello.js"].sort());
    await access(path.join(ws.dir, "shop", "src", "cart.js"));
  }, CLI_RUN_TIMEOUT_MS);
});
