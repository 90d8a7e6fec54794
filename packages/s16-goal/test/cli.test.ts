/**
 * s16 on the command line, as a real provider would be used: `--print "/goal …"` (the demo's
 * prompt) against a local HTTP endpoint (a real socket), in a prepared workspace: the goal's
 * turns and the evaluator's requests over the wire, the verdicts on stderr, the answer on stdout,
 * no key anywhere but the endpoint. And `/goal` alone in --print: its text, no request.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lessonWorkspace } from "@learn/core/harness";
import { runLessonCli } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { printDemoOverHttp } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const KEY = "sk-test-s16-do-not-log";
const CLI_RUN_TIMEOUT_MS = 120_000;

let ws: string;
beforeEach(async () => {
  ws = await lessonWorkspace(lesson, "s16-cli");
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
});

describe("s16 on the command line", () => {
  it('--print "/goal …" against an HTTP endpoint: three turns, three verdicts, the answer on stdout, the key only at the endpoint', async () => {
    const { run, requests } = await printDemoOverHttp(lesson, pkg, ws, { key: KEY, env: { CLAUDE_CONFIG_DIR: path.join(ws, ".no-user-config") } });
    expect(run.stdout).toMatch(/^All 4 shop tests pass \(fail 0\)/);
    const evaluations = requests.filter((r) => (r.body as { output_config?: unknown }).output_config !== undefined);
    expect(evaluations).toHaveLength(3);
    expect(evaluations.every((r) => r.body.tools === undefined)).toBe(true);
    expect(run.stderr).toMatch(/Goal not met: The last test run shows "fail 2"/);
    expect(run.stderr).toMatch(/Goal met: The last run of the shop tests reports "pass 4" and "fail 0"\./);
  }, CLI_RUN_TIMEOUT_MS);

  it("the REPL, offline: /demo types the goal (a command), the loop runs to met, then /goal and /goal clear answer", async () => {
    const run = await runLessonCli(pkg, ["--", "--cwd", ws, "--permission-mode", "acceptEdits"], { stdin: "/demo\n/goal\n/goal clear\n", env: { CLAUDE_CONFIG_DIR: path.join(ws, ".no-user-config") } });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Goal not met: The last test run shows");
    expect(run.stdout).toContain('Goal met: The last run of the shop tests reports "pass 4" and "fail 0".');
    expect(run.stdout).toContain('No goal set. The last one ended: met: The last run of the shop tests reports "pass 4" and "fail 0".');
    expect(run.stdout).toMatch(/> \/goal clear\nNo goal set\n/);
  }, CLI_RUN_TIMEOUT_MS);

  it('--print "/goal" prints that no goal is set, and sends nothing', async () => {
    const run = await runLessonCli(pkg, ["--", "--print", "/goal", "--cwd", ws], { env: { CLAUDE_CONFIG_DIR: path.join(ws, ".no-user-config") } });
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("No goal set. Usage: `/goal <condition>`");
  }, CLI_RUN_TIMEOUT_MS);
});
