/**
 * s11 on the command line: a child process against a local HTTP endpoint, as a real provider
 * would be used: the demo's three agents, the lead's last answer on stdout, no key anywhere.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runLessonCli, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { printDemoOverHttp } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI_RUN_TIMEOUT_MS = 120_000;
const KEY = "sk-test-s11-do-not-log";

const ws = useTempWorkspace();

describe("s11 on the command line", () => {
  it("--print the demo against an HTTP endpoint (idle polls from LEARN_IDLE_POLL_MS): every agent under its name, the answer on stdout", async () => {
    const { run, agents } = await printDemoOverHttp(lesson, pkg, ws.dir, { key: KEY, env: { LEARN_IDLE_POLL_MS: "100" } });
    expect(run.stdout).toMatch(/^Done without assigning anything/);
    expect(new Set(agents)).toEqual(new Set(["lead", "alice", "bob"]));
  }, CLI_RUN_TIMEOUT_MS);

  it("a bad LEARN_IDLE_TIMEOUT_MS is one clear line and exit 2", async () => {
    const run = await runLessonCli(pkg, ["--", "--print", "hi", "--cwd", ws.dir], { env: { LEARN_IDLE_TIMEOUT_MS: "soon" } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--idle-timeout-ms (or LEARN_IDLE_TIMEOUT_MS) must be a whole number of milliseconds above 0, not "soon"');
  }, CLI_RUN_TIMEOUT_MS);
});
