/**
 * s13 on the command line, as a real provider would be used: the demo against a local HTTP
 * endpoint (a real socket), in a prepared workspace; the servers' tools in the requests under
 * their full names, the answer on stdout, no key anywhere but the endpoint; and /mcp's picture of
 * an unapproved server in --print.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lessonWorkspace } from "@learn/core/harness";
import { lesson } from "../src/index.ts";
import { printDemoOverHttp } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const KEY = "sk-test-s13-do-not-log";
const CLI_RUN_TIMEOUT_MS = 120_000;

let ws: string;
beforeEach(async () => {
  ws = await lessonWorkspace(lesson, "s13-cli");
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
});

describe("s13 on the command line", () => {
  it("--print the demo against an HTTP endpoint: both servers' tools offered, the answer on stdout, the key only at the endpoint", async () => {
    const { run, requests } = await printDemoOverHttp(lesson, pkg, ws, { key: KEY, env: { CLAUDE_CONFIG_DIR: path.join(ws, ".no-user-config") } });
    expect(run.stdout).toMatch(/^Two issues are open/);
    // The first request defers them (names in the prompt only); after tool_search the next one carries them.
    expect(requests[0]!.body.tools!.map((t) => t.name)).not.toContain("mcp__issues__create_issue");
    const tools = requests[1]!.body.tools!.map((t) => t.name);
    expect(tools).toContain("mcp__issues__create_issue");
    expect(tools).toContain("mcp__everything__get-tiny-image");
    expect(run.stderr).toMatch(/Denied: mcp__issues__create_issue needs permission/);
  }, CLI_RUN_TIMEOUT_MS);
});
