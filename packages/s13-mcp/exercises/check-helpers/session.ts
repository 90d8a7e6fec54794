/**
 * What s13's exercise checks share: the lesson's agent (with the student's file in it) in a
 * workspace whose .mcp.json names the test fixture server; the MCP tools called loaded first with
 * tool_search (they are deferred), then each scripted call one round; the tool results, the
 * questions asked, the tools the agent has and `/mcp` afterwards.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AgentOptions } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import type { CheckContext } from "@learn/exercises";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

const FAULTY = fileURLToPath(new URL("../../test/fixtures/faulty-server.mjs", import.meta.url));
export const faultyServer = { command: process.execPath, args: [FAULTY] };

export interface McpSetup {
  /** .mcp.json's servers (default: the fixture as "faulty"). */
  servers?: Record<string, unknown>;
  /** .claude/settings.local.json (default: faulty approved, and its tools allowed). */
  local?: Record<string, unknown>;
  /** .claude/settings.json. */
  project?: Record<string, unknown>;
  /** ~/.claude.json. */
  user?: Record<string, unknown>;
}

export async function mcpSession(t: CheckContext, setup: McpSetup, calls: [string, Record<string, unknown>][], options: Partial<AgentOptions> = {}) {
  const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
  const files: Record<string, string> = {
    ".mcp.json": json({ mcpServers: setup.servers ?? { faulty: faultyServer } }),
    ".claude/settings.local.json": json(setup.local ?? { enabledMcpjsonServers: ["faulty"], permissions: { allow: ["mcp__faulty"] } }),
    ".user/.claude.json": json(setup.user ?? {}),
  };
  if (setup.project) files[".claude/settings.json"] = json(setup.project);
  const ws = await t.workspace(files);
  await mkdir(path.join(ws, ".user"), { recursive: true });
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const names = [...new Set(calls.map(([name]) => name).filter((name) => name.startsWith("mcp__")))];
  const search = names.length > 0 ? [{ content: [{ type: "tool_use", name: "tool_search", input: { query: `select:${names.join(",")}` } }] }] : [];
  const turns = [...search, ...calls.map(([name, input]) => ({ content: [{ type: "tool_use", name, input }] })), { content: [{ type: "text", text: "Done." }] }];
  const asked: string[] = [];
  const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), ws, {
    userDir: path.join(ws, ".user"),
    ask: async (q) => {
      asked.push(q);
      return "n";
    },
    ...options,
  });
  try {
    await agent.run("Go.", new AbortController().signal);
    const mcp = String(await agent.commands!.find((c) => c.name === "mcp")!.run(""));
    const tools = agent.anatomy().tools;
    const calls = simulator.requests.slice(1 + search.length);
    const results = calls.map((r) => toolResultsOf(r.body)[0]!);
    const raw = calls.map((r) => (r.body as { messages: { content: unknown }[] }).messages.at(-1)!.content);
    return { results, raw, mcp, asked, tools };
  } finally {
    await agent.close?.();
  }
}
