/**
 * Never silently unsandboxed: where bubblewrap cannot start (here: not on PATH), the session
 * says so in one line, /sandbox says so, and the permission policy decides as in s03 — the
 * denied read is still denied, an allowed command still runs. With sandbox.failIfUnavailable,
 * no command runs at all. No bubblewrap is needed for this test: it takes it away.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scriptedAgent, tempWorkspace, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { fileURLToPath } from "node:url";
import { lesson, probeSandbox } from "../src/index.ts";

/** An MCP server that would try to get out (test/sandbox/mcp-server.test.ts): here it must never start. */
const ESCAPE_SERVER = fileURLToPath(new URL("sandbox/fixtures/escape-server.mjs", import.meta.url));

let ws: TempWorkspace;
let emptyPath: string;
beforeEach(async () => {
  ws = await tempWorkspace();
  emptyPath = await mkdtemp(path.join(os.tmpdir(), "learn-s14-no-bwrap-"));
  await writeFile(path.join(ws.dir, ".env"), "TOKEN=unavailable-secret\n");
});
afterEach(async () => {
  await ws.cleanup();
  await rm(emptyPath, { recursive: true, force: true });
});

/** Run `fn` with a PATH on which no bubblewrap can be found (bash and git are found by their full path meanwhile). */
async function withoutBwrap<T>(fn: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  process.env.PATH = emptyPath;
  try {
    return await fn();
  } finally {
    process.env.PATH = saved;
  }
}

const script = (commands: string[]) =>
  JSON.stringify({ prompt: "go", turns: [{ content: commands.map((command) => ({ type: "tool_use", name: "bash", input: { command } })) }, { content: [{ type: "text", text: "done" }] }] });

describe("no bubblewrap", () => {
  it("the probe says what is missing and how to get it", async () => {
    expect(await withoutBwrap(() => probeSandbox(ws.dir))).toEqual({ available: false, reason: "bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)" });
  });

  it("one line says why; /sandbox says so; s03's policy decides as before", async () => {
    await writeFile(path.join(ws.dir, ".claude", "settings.local.json"), JSON.stringify({ sandbox: { enabled: true } }));
    const { agent, renderer, simulator } = await withoutBwrap(() =>
      scriptedAgent(lesson, script(["cat .env", "ls shop"]), ws.dir, { flags: { "permission-mode": "bypassPermissions" } }),
    );
    const notices = renderer.ofKind("notice").map((n) => n.text).filter((t) => t.startsWith("Sandbox:"));
    expect(notices).toEqual(["Sandbox: bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap). Commands run unsandboxed; the permission policy alone decides, as in lesson 3."]);
    await agent.run("go", new AbortController().signal);
    const [cat, ls] = toolResultsOf(simulator.requests[1]!.body);
    expect(cat!.content).toMatch(/^Denied: .*Read\(\.\/\.env\)/);
    expect(ls!.content).toContain("src");
    const sandbox = agent.commands!.find((c) => c.name === "sandbox")!;
    expect(await sandbox.run("")).toMatch(/^Sandbox: wanted, but bubblewrap is not installed/);
    await agent.close?.();
  });

  it("sandbox.failIfUnavailable: nothing runs, and the result says why", async () => {
    await writeFile(path.join(ws.dir, ".claude", "settings.local.json"), JSON.stringify({ sandbox: { enabled: true, failIfUnavailable: true } }));
    const { agent, renderer, simulator } = await withoutBwrap(() => scriptedAgent(lesson, script(["ls shop"]), ws.dir, { flags: { "permission-mode": "bypassPermissions" } }));
    expect(renderer.ofKind("notice").map((n) => n.text)).toContain("Sandbox: bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap). sandbox.failIfUnavailable is set: no command will run.");
    await agent.run("go", new AbortController().signal);
    const [ls] = toolResultsOf(simulator.requests[1]!.body);
    expect(ls).toMatchObject({ isError: true, content: expect.stringMatching(/not run: the sandbox is required \(sandbox\.failIfUnavailable\) and bubblewrap is not installed/) });
    await agent.close?.();
  });

  it("sandbox.failIfUnavailable: an MCP stdio server is not started either, and /mcp says why", async () => {
    await writeFile(path.join(ws.dir, ".claude", "settings.local.json"), JSON.stringify({ sandbox: { enabled: true, failIfUnavailable: true } }));
    const config = path.join(emptyPath, "mcp.json");
    await writeFile(config, JSON.stringify({ mcpServers: { escape: { command: process.execPath, args: [ESCAPE_SERVER] } } }));
    const { agent } = await withoutBwrap(() => scriptedAgent(lesson, script([]), ws.dir, { flags: { "mcp-config": config } }));
    const mcp = agent.commands!.find((c) => c.name === "mcp")!;
    expect(await mcp.run("")).toMatch(/escape.*failed: could not start: not run: the sandbox is required \(sandbox\.failIfUnavailable\) and bubblewrap is not installed/s);
    await agent.close?.();
  });
});
