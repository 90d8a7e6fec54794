/**
 * s14 on the command line, as a real provider would be used: the demo against a local HTTP
 * endpoint (a real socket), in a prepared workspace with the sandbox on. The answer on stdout,
 * the OS's refusals in the requests the endpoint received, the token nowhere, the key only at
 * the endpoint (printDemoOverHttp checks that).
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lessonWorkspace } from "@learn/core/harness";
import { printDemoOverHttp } from "@learn/s09/testing";
import { lesson } from "../../src/index.ts";
import { PRACTICE_TOKEN } from "../../src/practice-sandbox.ts";
import { needsBubblewrap } from "./needs-bwrap.ts";

needsBubblewrap();

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const KEY = "sk-test-s14-do-not-log";
const CLI_RUN_TIMEOUT_MS = 120_000;

let ws: string;
beforeEach(async () => {
  ws = await lessonWorkspace(lesson, "s14-cli");
});
afterEach(() => rm(ws, { recursive: true, force: true }));

describe("s14 on the command line", () => {
  it("--print the demo against an HTTP endpoint: the sandbox's refusals reach the model, the token does not", async () => {
    const { run, requests } = await printDemoOverHttp(lesson, pkg, ws, { key: KEY, env: { CLAUDE_CONFIG_DIR: path.join(ws, ".no-user-config") } });
    expect(run.stdout).toMatch(/^None of it worked/);
    expect(run.stderr).not.toMatch(/^Sandbox:/m);
    const sent = JSON.stringify(requests.map((r) => r.body));
    expect(sent).toContain("EACCES: permission denied, open '.env'");
    expect(sent).toContain("Read-only file system");
    expect(sent).not.toContain(PRACTICE_TOKEN);
  }, CLI_RUN_TIMEOUT_MS);
});
