/**
 * `/mcp`: every configured server, where it came from, its state, and its tools — what a person
 * reads to see why a tool is missing (not approved, failed to start, crashed).
 *
 *   issues       .mcp.json        connected   3 tools: list_issues (read-only), create_issue, close_issue
 *   everything   --mcp-config     failed: could not start: no answer within 30000 ms (MCP_TIMEOUT sets it, in ms)
 */
import type { SlashCommand } from "@learn/core";
import { describeState } from "./server.ts";
import type { McpServers } from "./servers.ts";

export function mcpCommand(servers: McpServers): SlashCommand {
  return {
    name: "mcp",
    description: "the MCP servers: where each is configured, its state, its tools",
    run: () => describeServers(servers),
  };
}

export function describeServers(servers: McpServers): string {
  const lines = servers.problems.map((p) => `✗ ${p.file} ${p.reason}: none of its servers started`);
  for (const c of servers.connections) {
    lines.push(`${c.name}  (${c.server.file}, ${c.server.scope})  ${describeState(c.state)}`);
    if (c.tools.length > 0) {
      const names = c.tools.map((t) => (t.annotations?.readOnlyHint === true ? `${t.name} (read-only)` : t.name));
      lines.push(`  ${c.tools.length} tool${c.tools.length === 1 ? "" : "s"}: ${names.join(", ")}`);
    }
  }
  return lines.length > 0 ? lines.join("\n") : "No MCP servers configured (.mcp.json, ~/.claude.json, --mcp-config FILE).";
}
