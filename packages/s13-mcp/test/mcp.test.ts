/**
 * Lesson 13's mechanism through the real agent (the SDK, the simulator, s03's policy): MCP
 * servers from their three places, trust before start, names and rules, results, and every way
 * a server goes wrong — each ending in a tool result the model can read and a session that goes on.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AgentOptions } from "@learn/core";
import { toolResultsOf } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { scriptedAgent } from "@learn/core/testing";
import { faulty, runAll, text, use, useMcpWorkspace, writeJson } from "./helpers.ts";

const ws = useMcpWorkspace();
afterEach(() => vi.unstubAllEnvs());

/** The fixture server as the project's .mcp.json names it. */
const projectServer = (env: Record<string, string> = {}) => writeJson(path.join(ws.dir, ".mcp.json"), { mcpServers: { faulty: faulty(env) } });
/** Approved, and (by default) every tool of it allowed: the tests of results and faults need no question. */
const approve = (settings: Record<string, unknown> = { enabledMcpjsonServers: ["faulty"], permissions: { allow: ["mcp__faulty"] } }) => writeJson(path.join(ws.dir, ".claude", "settings.local.json"), settings);

/**
 * One prompt: the model first loads the MCP tools it will call (tool_search: they are deferred),
 * then makes each call in turn (one per request), then answers. Returns every call's
 * tool_result, the text of /mcp afterwards, the questions asked, the requests, and the agent's tools.
 */
async function session(calls: [string, Record<string, unknown>][], options: Partial<AgentOptions> = {}) {
  const names = [...new Set(calls.map(([name]) => name).filter((name) => name.startsWith("mcp__")))];
  const search = names.length > 0 ? [{ content: [use("tool_search", { query: `select:${names.join(",")}` })] }] : [];
  const turns = [...search, ...calls.map(([name, input]) => ({ content: [use(name, input)] })), { content: [text("done")] }];
  const asked: string[] = [];
  const scripted = await scriptedAgent(lesson, { turns }, ws.dir, {
    userDir: ws.userDir,
    ask: async (q) => {
      asked.push(q);
      return "n";
    },
    ...options,
  });
  try {
    await runAll(scripted.agent, "go", scripted.renderer);
    const mcp = String(await scripted.agent.commands!.find((c) => c.name === "mcp")!.run(""));
    const requests = scripted.simulator.requests;
    const results = requests.slice(1 + search.length).map((r) => toolResultsOf(r.body)[0]!);
    const tools = scripted.agent.anatomy().tools;
    return { results, mcp, asked, requests, tools, renderer: scripted.renderer };
  } finally {
    await scripted.agent.close?.();
  }
}

describe("where servers come from, and trust before start", () => {
  it("an approved project server starts; its tools are mcp__<server>__<tool>; an allowed one runs without a question", async () => {
    await projectServer();
    await approve();
    const { results, mcp, asked, tools } = await session([["mcp__faulty__peek", {}]]);
    expect(tools).toEqual(expect.arrayContaining(["mcp__faulty__peek", "mcp__faulty__poke", "mcp__faulty__crash"]));
    expect(results[0]).toMatchObject({ content: "peeked", isError: false });
    expect(asked).toEqual([]);
    expect(mcp).toMatch(/^faulty {2}\(\.mcp\.json, project\) {2}connected\n {2}7 tools: peek \(read-only\), poke, crash/);
  });

  it("an unapproved project server is listed and not started when no one can be asked; its tools do not exist", async () => {
    await projectServer();
    const { mcp, tools, renderer } = await session([]);
    expect(tools.some((t) => t.startsWith("mcp__"))).toBe(false);
    expect(mcp).toContain("faulty  (.mcp.json, project)  not started: not approved: a project's .mcp.json server starts only once a person approved it");
    expect(renderer.ofKind("notice").map((n) => n.text).join("\n")).toContain("MCP server faulty (.mcp.json): not started");
  });

  it("the project's own .claude/settings.json cannot approve its servers (it comes with the code); disabledMcpjsonServers wins", async () => {
    await projectServer();
    await writeJson(path.join(ws.dir, ".claude", "settings.json"), { enableAllProjectMcpServers: true, enabledMcpjsonServers: ["faulty"] });
    expect((await session([])).mcp).toContain("not started: not approved");
    await approve({ enableAllProjectMcpServers: true, disabledMcpjsonServers: ["faulty"] });
    expect((await session([])).mcp).toContain("not started: disabled in disabledMcpjsonServers");
  });

  it("at a terminal the person is asked once, before the server starts: yes starts it, no does not", async () => {
    await projectServer();
    const yes = await session([], { interactive: true, ask: async () => "y" });
    expect(yes.mcp).toContain("connected");
    const no = await session([], { interactive: true });
    expect(no.asked).toHaveLength(1);
    expect(no.asked[0]).toMatch(/^The project's \.mcp\.json wants to start MCP server "faulty": .*faulty-server\.mjs\nIt would run with your rights/);
    expect(no.mcp).toContain("not started: not approved (you said no)");
  });

  it("servers of ~/.claude.json (CLAUDE_CONFIG_DIR's .claude.json) and --mcp-config start without a question; the command line wins a name", async () => {
    await writeJson(path.join(ws.userDir, ".claude.json"), { mcpServers: { mine: faulty() } });
    await writeJson(path.join(ws.dir, "extra.json"), { mcpServers: { mine: faulty(), other: faulty() } });
    const { mcp } = await session([], { flags: { "mcp-config": path.join(ws.dir, "extra.json") } });
    expect(mcp).toMatch(new RegExp(`^mine {2}\\(${ws.dir.replace(/[/.]/g, "\\$&")}/extra\\.json, command line\\) {2}connected`, "m"));
    expect(mcp).toMatch(/^other .* connected/m);
  });

  it("a stdio server gets no key of the harness (its environment has the rest, plus its own env)", async () => {
    vi.stubEnv("ANTHROPIC_API_KEY", "sk-ant-test-never-to-a-server");
    vi.stubEnv("S13_PLAIN", "plain value");
    const everything = fileURLToPath(new URL("../node_modules/@modelcontextprotocol/server-everything/dist/index.js", import.meta.url));
    await writeJson(path.join(ws.dir, "env.json"), { mcpServers: { everything: { command: process.execPath, args: [everything, "stdio"], env: { OWN: "own value" } } } });
    await approve({ permissions: { allow: ["mcp__everything__get-env"] } });
    const { results } = await session([["mcp__everything__get-env", {}]], { flags: { "mcp-config": path.join(ws.dir, "env.json") } });
    expect(results[0]!.content).toContain("plain value");
    expect(results[0]!.content).toContain("own value");
    expect(results[0]!.content).not.toContain("sk-ant-test-never-to-a-server");
    expect(results[0]!.content).not.toContain("ANTHROPIC_API_KEY");
  });

  it("a file that does not parse starts none of its servers, and says why", async () => {
    await writeJson(path.join(ws.dir, ".mcp.json"), { mcpServers: { bad: { args: ["x"] } } });
    const { mcp } = await session([]);
    expect(mcp).toMatch(/^✗ \.mcp\.json mcpServers\.bad.*: none of its servers started$/m);
  });

  it("the model cannot approve a server: .mcp.json and .claude/settings.local.json are protected even from an allow rule", async () => {
    await writeJson(path.join(ws.dir, ".claude", "settings.json"), { permissions: { allow: ["Write", "Edit"] } });
    const { results } = await session([
      ["write_file", { path: ".mcp.json", content: "{}" }],
      ["write_file", { path: ".claude/settings.local.json", content: '{"enableAllProjectMcpServers": true}' }],
    ]);
    for (const r of results) expect(r).toMatchObject({ isError: true, content: expect.stringMatching(/^Denied/) });
    await expect(readFile(path.join(ws.dir, ".mcp.json"))).rejects.toThrow();
  });
});

describe("names and policy", () => {
  it("every MCP tool asks in default mode, even one its server marks read-only, as in Claude Code (refused with no terminal)", async () => {
    await projectServer();
    await approve({ enabledMcpjsonServers: ["faulty"] });
    const { results, asked } = await session([["mcp__faulty__peek", {}]], { interactive: true });
    expect(asked).toHaveLength(1);
    expect(results[0]!.content).toMatch(/^Denied: .*mcp__faulty__peek/);
  });

  it("a tool not marked read-only asks in default mode (refused with no terminal); the hooks saw its full name", async () => {
    await projectServer();
    await approve({ enabledMcpjsonServers: ["faulty"] });
    await writeJson(path.join(ws.dir, ".claude", "settings.json"), {
      hooks: { PreToolUse: [{ matcher: "mcp__faulty__.*", hooks: [{ type: "command", command: "cat >> hook-log.jsonl; echo >> hook-log.jsonl" }] }] },
    });
    const { results } = await session([["mcp__faulty__poke", {}]]);
    expect(results[0]!.content).toMatch(/^Denied: mcp__faulty__poke needs permission/);
    const logged = (await readFile(path.join(ws.dir, "hook-log.jsonl"), "utf8")).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as { tool_name: string });
    expect(logged.map((e) => e.tool_name)).toEqual(["mcp__faulty__poke"]);
  });

  it.each([["mcp__faulty"], ["mcp__faulty__*"], ["mcp__faulty__poke"]])("allow %s approves the call", async (rule) => {
    await projectServer();
    await approve({ enabledMcpjsonServers: ["faulty"], permissions: { allow: [rule] } });
    const { results, asked } = await session([["mcp__faulty__poke", {}]]);
    expect(results[0]).toMatchObject({ content: "poked", isError: false });
    expect(asked).toEqual([]);
  });

  it("deny mcp__faulty refuses even a read-only tool; allow for another server approves nothing here", async () => {
    await projectServer();
    await approve({ enabledMcpjsonServers: ["faulty"], permissions: { deny: ["mcp__faulty"], allow: ["mcp__other"] } });
    const { results } = await session([["mcp__faulty__peek", {}]]);
    expect(results[0]!.content).toMatch(/^Denied: .*mcp__faulty/);
  });
});

describe("results", () => {
  it("text, an image and an embedded resource become a tool_result with a text block and an image block", async () => {
    await projectServer();
    await approve();
    const { requests } = await session([["mcp__faulty__picture", {}]]);
    const last = (requests[2]!.body as { messages: { content: { type: string; content: unknown }[] }[] }).messages.at(-1)!;
    expect(last.content[0]!.content).toEqual([
      { type: "text", text: "a red dot\n[resource file:///notes.txt]\na note" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: expect.stringMatching(/^iVBOR/) } },
    ]);
  });

  it("isError is an error result with the server's words", async () => {
    await projectServer();
    await approve();
    const { results } = await session([["mcp__faulty__fail", {}]]);
    expect(results[0]).toEqual(expect.objectContaining({ content: "the database is locked", isError: true }));
  });

  it("a huge result is capped, then s07 moves it to a file: the model gets a preview and the path", async () => {
    await projectServer();
    await approve();
    const { results } = await session([["mcp__faulty__huge", {}]]);
    const saved = /<persisted-output path="([^"]+)"/.exec(results[0]!.content)?.[1];
    expect(saved).toBeDefined();
    expect((await readFile(path.join(ws.dir, saved!), "utf8")).length).toBeGreaterThan(40_000);
  });
});

describe("faults: the model gets a clear error, /mcp shows the state, the session goes on", () => {
  it("a server that crashes mid-call: the call fails, /mcp says failed, its next call says not connected, other tools work", async () => {
    await projectServer();
    await approve();
    const { results, mcp } = await session([
      ["mcp__faulty__crash", {}],
      ["mcp__faulty__peek", {}],
      ["bash", { command: "echo still here" }],
    ]);
    expect(results[0]).toMatchObject({ isError: true, content: expect.stringMatching(/MCP server "faulty".*(closed|failed)/) });
    expect(results[1]).toMatchObject({ isError: true, content: expect.stringContaining('MCP server "faulty" is not connected (failed: the server closed the connection') });
    expect(results[2]!.content).toContain("still here");
    expect(mcp).toMatch(/^faulty .* failed: the server closed the connection/m);
  });

  it("a call that hangs ends at MCP_TOOL_TIMEOUT with the setting named", async () => {
    vi.stubEnv("MCP_TOOL_TIMEOUT", "500");
    await projectServer();
    await approve();
    const { results } = await session([["mcp__faulty__hang", {}], ["mcp__faulty__peek", {}]]);
    expect(results[0]).toMatchObject({ isError: true, content: 'Error: MCP server "faulty", tool hang: no answer within 500 ms (MCP_TOOL_TIMEOUT sets it, in ms)' });
    expect(results[1]!.content).toBe("peeked");
  });

  it("a server that never answers its start fails at MCP_TIMEOUT; one that cannot be run fails with why; the session starts anyway", async () => {
    vi.stubEnv("MCP_TIMEOUT", "500");
    await writeJson(path.join(ws.dir, ".mcp.json"), { mcpServers: { silent: faulty({ NEVER_START: "1" }), missing: { command: "/nonexistent/server" } } });
    await approve({ enableAllProjectMcpServers: true });
    const { mcp, results } = await session([["bash", { command: "echo ok" }]]);
    expect(mcp).toMatch(/^silent .* failed: could not start: no answer within 500 ms \(MCP_TIMEOUT sets it, in ms\)/m);
    expect(mcp).toMatch(/^missing .* failed: could not start: .*ENOENT/m);
    expect(results[0]!.content).toContain("ok");
  });
});

describe("an HTTP server (streamable HTTP)", () => {
  it("a server at a URL from --mcp-config: its tools are listed and called over a real socket", async () => {
    const { createServer } = await import("node:http");
    const { McpServer } = await import("@modelcontextprotocol/sdk/server/mcp.js");
    const { StreamableHTTPServerTransport } = await import("@modelcontextprotocol/sdk/server/streamableHttp.js");
    // Stateless: a new server and transport per request, as the SDK's example does.
    const http = createServer((req, res) => {
      const server = new McpServer({ name: "web", version: "1.0.0" });
      server.registerTool("ping", { description: "Ping.", annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: "text", text: "pong" }] }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on("close", () => void transport.close());
      void server.connect(transport).then(() => transport.handleRequest(req, res));
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = http.address() as { port: number };
      await writeJson(path.join(ws.dir, "web.json"), { mcpServers: { web: { type: "http", url: `http://127.0.0.1:${port}/mcp` } } });
      await approve({ permissions: { allow: ["mcp__web"] } });
      const { results, mcp } = await session([["mcp__web__ping", {}]], { flags: { "mcp-config": path.join(ws.dir, "web.json") } });
      expect(results[0]).toMatchObject({ content: "pong", isError: false });
      expect(mcp).toMatch(/^web .*command line\) {2}connected\n {2}1 tool: ping \(read-only\)/m);
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});
