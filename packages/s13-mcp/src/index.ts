/** @learn/s13 — tools from other processes: MCP servers, started only once a person trusts them. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { lesson as previousLesson } from "@learn/s12";
import { createAgent, mechanisms } from "./agent.ts";
import { prepareMcpWorkspace } from "./practice-servers.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { mcp, MCP_GUIDANCE, TOOL_SEARCH_FLAG } from "./mcp/index.ts";
export { describeServers, mcpCommand } from "./mcp/command.ts";
export * from "./mcp/config.ts";
export * from "./mcp/results.ts";
export * from "./mcp/server.ts";
export * from "./mcp/servers.ts";
export * from "./mcp/tools.ts";
export * from "./mcp/trust.ts";
export * from "./mcp/deferred-tools.ts";
export * from "./mcp/tool-search.ts";
export * from "./practice-servers.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s13",
  title: "MCP",
  headline: "tools from other processes",
  demoScripts: demoScripts(import.meta.url, "issues.yaml"),
  workspace: {
    prepare: prepareMcpWorkspace,
    why: "A fresh copy of practice-workspace/ with two MCP servers in its .mcp.json (an issue tracker and the reference \"everything\" server), approved in .claude/settings.local.json, made a git repository (--cwd <dir> to work elsewhere).",
  },
  createAgent,
});
