/**
 * Servers end with the session, however it ends. The command line runs a call that hangs on the
 * fixture server (which wrote its pid to a file); then the session is ended by Ctrl-C (SIGINT),
 * by SIGTERM, by a crash (SIGKILL: nothing of the harness runs, the server sees its stdin close),
 * or normally — and the server process is gone each time. One more: a stubborn server that
 * ignores both a closed stdin and SIGTERM is still ended at the session's normal end.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isRunning, startLessonCli } from "@learn/core/testing";
import { faulty, useMcpWorkspace, writeJson } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ws = useMcpWorkspace();
const CLI_TIMEOUT_MS = 60_000;

/** A script whose one call hangs until the session is ended. */
/** The MCP tools are deferred: the model loads one with tool_search before it calls it. */
const load = (name: string) => ({ content: [{ type: "tool_use", name: "tool_search", input: { query: `select:${name}` } }] });
const hangingScript = { prompt: "hang", turns: [load("mcp__faulty__hang"), { content: [{ type: "tool_use", name: "mcp__faulty__hang", input: {} }] }, { content: [{ type: "text", text: "ended" }] }] };
const quickScript = { prompt: "peek", turns: [load("mcp__faulty__peek"), { content: [{ type: "tool_use", name: "mcp__faulty__peek", input: {} }] }, { content: [{ type: "text", text: "seen" }] }] };

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function startSession(script: object, serverEnv: Record<string, string> = {}) {
  const pidFile = path.join(ws.dir, "server.pid");
  await writeJson(path.join(ws.dir, ".mcp.json"), { mcpServers: { faulty: faulty({ PID_FILE: pidFile, ...serverEnv }) } });
  await writeJson(path.join(ws.dir, ".claude", "settings.local.json"), { enabledMcpjsonServers: ["faulty"], permissions: { allow: ["mcp__faulty"] } });
  await writeJson(path.join(ws.dir, "script.json"), script);
  const cli = startLessonCli(pkg, ["--", "--print", (script as { prompt: string }).prompt, "--cwd", ws.dir, "--model-script", path.join(ws.dir, "script.json")], {
    env: { CLAUDE_CONFIG_DIR: ws.userDir },
    timeoutMs: CLI_TIMEOUT_MS,
  });
  const pid = await waitFor(async () => Number(await readFile(pidFile, "utf8")) || undefined, "the server's pid");
  return { cli, pid };
}

describe("no orphan server after any way of ending a session", () => {
  it.each([["SIGINT"], ["SIGTERM"], ["SIGKILL"]] as const)("%s during a hanging call: the server process is gone", async (signal) => {
    const { cli, pid } = await startSession(hangingScript);
    await cli.stderrMatches(/mcp__faulty__hang/);
    expect(isRunning(pid)).toBe(true);
    cli.child.kill(signal);
    await cli.done;
    await waitFor(async () => (isRunning(pid) ? undefined : true), `server ${pid} to end after ${signal}`, 10_000);
  }, CLI_TIMEOUT_MS);

  it("a normal end closes a stubborn server too (one that ignores a closed stdin and SIGTERM)", async () => {
    const { cli, pid } = await startSession(quickScript, { STUBBORN: "1" });
    const run = await cli.done;
    expect(run.stdout.trim()).toBe("seen");
    expect(isRunning(pid)).toBe(false);
  }, CLI_TIMEOUT_MS);
});
