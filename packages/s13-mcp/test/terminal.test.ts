/**
 * At a real terminal (a pseudo-terminal made by util-linux `script`): an unapproved project
 * server is asked about once, before the REPL starts, and a "y" starts it — `/mcp` says
 * connected. (Skipped where `script` is missing.)
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { repoRoot } from "@learn/core/harness";
import { faulty, useMcpWorkspace, writeJson } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const hasScript = spawnSync("script", ["--version"]).status === 0;
const ws = useMcpWorkspace();

/** Run `command` in a pseudo-terminal; `answer(output)` returns what to type next, once per new text. */
function inTerminal(command: string, env: Record<string, string>, steps: [RegExp, string][]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qfec", command, "/dev/null"], { env: { ...process.env, ...env, NO_COLOR: "1", LEARN_ENV_FILE: "none" } });
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the terminal session did not end:\n${output}`));
    }, 60_000);
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const next = steps[0];
      if (next?.[0].test(output)) {
        steps.shift();
        child.stdin.write(next[1]);
      }
    });
    child.on("close", () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
}

describe("at a terminal", () => {
  it.skipIf(!hasScript)("an unapproved project server is asked about before the REPL starts; y starts it", async () => {
    await writeJson(path.join(ws.dir, ".mcp.json"), { mcpServers: { faulty: faulty() } });
    await writeJson(path.join(ws.dir, "script.json"), { prompt: "peek", turns: [{ content: [{ type: "text", text: "seen" }] }] });
    const start = path.join(repoRoot(), "scripts", "start.mjs");
    const output = await inTerminal(`${process.execPath} ${start} ${pkg} --cwd ${ws.dir} --model-script ${path.join(ws.dir, "script.json")}`, { CLAUDE_CONFIG_DIR: ws.userDir }, [
      [/Start it for this session\? .*\[y\/N\] /, "y\r"],
      [/Type \/help/, "/mcp\r"],
      [/faulty {2}\(\.mcp\.json, project\) {2}\S+/, "/exit\r"],
    ]);
    expect(output).toMatch(/The project's \.mcp\.json wants to start MCP server "faulty"/);
    expect(output).toMatch(/faulty {2}\(\.mcp\.json, project\) {2}connected/);
  }, 90_000);
});
