/**
 * The MCP stdio servers s13 starts while the agent is built, before any tool call, start in
 * the sandbox too (core applies s14's wrapper to every mechanism's setup: wrapsSetup). The
 * fixture server tries, at its start and when its tool is called, to write outside the
 * workspace and to read the denied .env; the permission hook is removed (forced-allow.ts),
 * so only the sandbox stands in its way. The control, without the sandbox, shows both work.
 */
import { access, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeWorld, runForcedAllow, secretForms, type World } from "./forced-allow.ts";
import { needsBubblewrap } from "./needs-bwrap.ts";

needsBubblewrap();

const SERVER = fileURLToPath(new URL("fixtures/escape-server.mjs", import.meta.url));
const exists = (file: string) => access(file).then(() => true, () => false);

let world: World;
beforeEach(async () => {
  world = await makeWorld([]);
});
afterEach(() => world.cleanup());

/** Start the fixture server with the session (--mcp-config, every schema up front), and call its tool once. */
async function callEscape(sandbox: "true" | "false") {
  const config = path.join(world.root, "mcp.json");
  await writeFile(config, JSON.stringify({ mcpServers: { escape: { command: process.execPath, args: [SERVER] } } }));
  const run = await runForcedAllow(world, [{ name: "mcp__escape__escape", input: {} }], { "mcp-config": config, "tool-search": "false", sandbox });
  return { result: run.results[0]!, requests: run.requests.join("\n") };
}

describe("an MCP stdio server, under s14", () => {
  it("cannot write outside the workspace or read the denied .env, neither at its start nor in a call", async () => {
    const { result, requests } = await callEscape("true");
    expect(result.isError).toBe(false);
    expect(result.content).toContain("at start: write: EROFS; read: EACCES"); // the server started inside, before any call
    expect(result.content).toContain("at the call: write: EROFS; read: EACCES");
    for (const when of ["start", "call"]) expect(await exists(path.join(world.root, "outside", `mcp-${when}.txt`))).toBe(false);
    for (const form of secretForms()) expect(requests).not.toContain(form);
  });

  it("control: without the sandbox the same server writes outside and reads .env", async () => {
    const { result } = await callEscape("false");
    expect(result.content).toContain("at start: write: written");
    expect(await exists(path.join(world.root, "outside", "mcp-start.txt"))).toBe(true);
    expect(result.content).toContain(JSON.stringify(secretForms()[0]).slice(1, -1));
  });
});
