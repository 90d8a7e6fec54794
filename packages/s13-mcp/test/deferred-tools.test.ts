/**
 * Deferred MCP tools, as Claude Code 2.1.328 sends them, through the real SDK and the simulator
 * (which checks the shape: a tool_reference must name a deferred tool of the request): the first
 * request names the MCP tools in the prompt and sends none of their schemas; tool_search loads
 * one; from the next request on, its schema is sent (defer_loading: true) and it can be called.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createClient, Model, type ToolSpec } from "@learn/core";
import { loadConfig } from "@learn/core/harness";
import { toolResultsOf } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { deferTools } from "../src/mcp/deferred-tools.ts";
import { scriptedAgent } from "@learn/core/testing";
import { faulty, runAll, text, use, useMcpWorkspace, writeJson } from "./helpers.ts";

const ws = useMcpWorkspace();

/** The fixture server, approved; its tools allowed unless `allow` is false (then each call asks). */
async function projectServer(allow = true) {
  await writeJson(path.join(ws.dir, ".mcp.json"), { mcpServers: { faulty: faulty() } });
  await writeJson(path.join(ws.dir, ".claude", "settings.local.json"), { enabledMcpjsonServers: ["faulty"], ...(allow ? { permissions: { allow: ["mcp__faulty"] } } : {}) });
}


type Body = { system?: unknown; tools?: (ToolSpec & { defer_loading?: boolean })[] };
const toolsOf = (body: unknown) => ((body as Body).tools ?? []).map((t) => (t.defer_loading ? `${t.name} (deferred)` : t.name));
const mcpToolsOf = (body: unknown) => toolsOf(body).filter((n) => n.startsWith("mcp__"));

async function session(turns: { content: unknown[] }[], flags: Record<string, string> = {}, model?: (scripted: Awaited<ReturnType<typeof scriptedAgent>>) => Model) {
  const scripted = await scriptedAgent(lesson, { turns: [...turns, { content: [text("done")] }] } as never, ws.dir, { userDir: ws.userDir, flags });
  const agent = model ? await lesson.createAgent({ model: model(scripted), cwd: ws.dir, renderer: scripted.renderer, interactive: false, ask: async () => "n", flags, userDir: ws.userDir }) : scripted.agent;
  try {
    await runAll(agent, "go", scripted.renderer);
    return scripted.simulator.requests.map((r) => r.body);
  } finally {
    await agent.close?.();
    if (agent !== scripted.agent) await scripted.agent.close?.();
  }
}

describe("deferred MCP tools (tool_search)", () => {
  it("the first request sends no MCP schema, only their names in the prompt; tool_search is offered", async () => {
    await projectServer();
    const [first] = await session([]);
    expect(mcpToolsOf(first)).toEqual([]);
    expect(toolsOf(first)).toContain("tool_search");
    expect(JSON.stringify((first as Body).system)).toContain("available via tool_search");
    expect(JSON.stringify((first as Body).system)).toMatch(/mcp__faulty__peek\\nmcp__faulty__poke/);
  });

  it("tool_search loads one tool: a tool_reference in its result, its schema in every later request, and the call runs", async () => {
    await projectServer();
    const [, second, third] = await session([
      { content: [use("tool_search", { query: "select:mcp__faulty__peek" })] },
      { content: [use("mcp__faulty__peek", {})] },
    ]);
    const found = JSON.parse(toolResultsOf(second)[0]!.content) as { type: string; tool_name?: string }[];
    expect(found).toEqual([{ type: "text", text: "Loaded mcp__faulty__peek: call them with the parameters their schemas name." }, { type: "tool_reference", tool_name: "mcp__faulty__peek" }]);
    expect(mcpToolsOf(second)).toEqual(["mcp__faulty__peek (deferred)"]);
    expect(mcpToolsOf(third)).toEqual(["mcp__faulty__peek (deferred)"]);
    expect(toolResultsOf(third)[0]).toMatchObject({ content: "peeked", isError: false });
  });

  it("a keyword search finds by name and description; no match says what exists", async () => {
    await projectServer();
    const [, second, third] = await session([
      { content: [use("tool_search", { query: "picture" })] },
      { content: [use("tool_search", { query: "spreadsheet" })] },
    ]);
    expect(toolResultsOf(second)[0]!.content).toContain('"tool_name":"mcp__faulty__picture"');
    expect(toolResultsOf(third)[0]!.content).toMatch(/^No deferred tool matches "spreadsheet"\. Deferred tools: mcp__faulty__peek, /);
  });

  it("a call of a deferred tool the model never loaded is refused before the permission question, saying how to load it", async () => {
    // No allow rule: had the permission policy judged first, the answer would be "needs permission".
    await projectServer(false);
    // A model that guessed a name it saw in the prompt: the course's fetch adds the tool to what
    // the simulator sees, so the scripted call is served, as a real model could emit it.
    const guessing = (scripted: Awaited<ReturnType<typeof scriptedAgent>>) => {
      const fetch: typeof globalThis.fetch = (input, init) => {
        const body = JSON.parse(String(init?.body)) as Body;
        body.tools = [...(body.tools ?? []), { name: "mcp__faulty__poke", input_schema: { type: "object" } }];
        return scripted.simulator.fetch(input, { ...init, body: JSON.stringify(body) });
      };
      const client = createClient(loadConfig(), { fetch });
      return new Model({ ...scripted.model.options, client });
    };
    const [, second] = await session([{ content: [use("mcp__faulty__poke", {})] }], {}, guessing);
    expect(toolResultsOf(second)[0]).toEqual({
      id: expect.any(String),
      isError: true,
      content: 'Denied: mcp__faulty__poke is a deferred tool and its schema is not loaded yet: call tool_search with query "select:mcp__faulty__poke" first, then call it with the parameters its schema names.',
    });
  });

  it("--tool-search false (Claude Code's ENABLE_TOOL_SEARCH=false): every MCP schema up front, no tool_search", async () => {
    await projectServer();
    const [first] = await session([{ content: [use("mcp__faulty__peek", {})] }], { "tool-search": "false" });
    expect(mcpToolsOf(first)).toEqual(expect.arrayContaining(["mcp__faulty__peek", "mcp__faulty__poke", "mcp__faulty__crash"]));
    expect(toolsOf(first)).not.toContain("tool_search");
  });

  it("a request without the loaded tool (s16's evaluator, s07's summary) gets its tool_reference as text; one with it, unchanged", async () => {
    const messages = [
      { role: "user" as const, content: "go" },
      { role: "assistant" as const, content: [{ type: "tool_use" as const, id: "t1", name: "tool_search", input: { query: "select:mcp__x__peek" } }] },
      { role: "user" as const, content: [{ type: "tool_result" as const, tool_use_id: "t1", content: [{ type: "tool_reference" as const, tool_name: "mcp__x__peek" }] }] },
    ];
    const seen: unknown[] = [];
    const send = deferTools(new Set(["mcp__x__peek"]))(async (request) => (seen.push(request.messages), undefined as never));
    const peek = { name: "mcp__x__peek", input_schema: { type: "object" as const } };
    await send({ messages: messages as never, tools: [peek] }, {} as never);
    await send({ messages: messages as never }, {} as never);
    expect(seen[0]).toBe(messages);
    expect(JSON.stringify(seen[1])).not.toContain("tool_reference");
    expect((seen[1] as typeof messages)[2]!.content[0]).toEqual({ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "(mcp__x__peek's schema was loaded here)" }] });
  });
});
