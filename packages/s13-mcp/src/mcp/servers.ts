/**
 * The session's MCP servers, from configuration to tools:
 *
 *   configuredServers()  ~/.claude.json · .mcp.json · --mcp-config     (config.ts)
 *        │ a project server: approved? disabled? else ask once at a terminal, or list it unstarted (trust.ts)
 *        ▼
 *   start the approved ones, side by side, each within MCP_TIMEOUT       (server.ts)
 *        ▼
 *   their tools, as mcp__<server>__<tool>                                 (tools.ts)
 *
 * A server that cannot start is a line on the screen and a state in /mcp; the session goes on.
 */
import type { AgentOptions, Tool } from "@learn/core";
import { userClaudeDir } from "@learn/core/harness";
import { configuredServers, type ConfigProblem } from "./config.ts";
import { McpServerConnection, describeState, timeoutsFrom } from "./server.ts";
import { mcpTool } from "./tools.ts";
import { notStartedReason, readApprovals, trustQuestion, verdictOf } from "./trust.ts";

export const MCP_CONFIG_FLAG = "mcp-config";

export class McpServers {
  private constructor(
    readonly connections: McpServerConnection[],
    readonly problems: ConfigProblem[],
  ) {}

  static async start(options: AgentOptions, env: NodeJS.ProcessEnv = process.env): Promise<McpServers> {
    const userDir = options.userDir ?? userClaudeDir(env);
    const commandLine = options.flags[MCP_CONFIG_FLAG];
    const { servers, problems } = await configuredServers({ cwd: options.cwd, userDir, ...(commandLine ? { commandLine } : {}) });
    const approvals = await readApprovals(options.cwd, userDir);
    const timeouts = timeoutsFrom(env);
    const connections = servers.map((s) => new McpServerConnection(s, options.cwd, timeouts));
    const starting: Promise<void>[] = [];
    // One question at a time, in the file's order; the starts themselves run side by side.
    for (const connection of connections) {
      let verdict = verdictOf(connection.server, approvals);
      if (verdict === "unapproved" && options.interactive) {
        const answer = await options.ask(trustQuestion(connection.server));
        if (/^y(es)?$/i.test(answer.trim())) verdict = "approved";
      }
      if (verdict === "approved") starting.push(connection.start());
      else connection.skip(notStartedReason(verdict, options.interactive));
    }
    await Promise.all(starting);
    const started = new McpServers(connections, problems);
    for (const line of started.startupNotices()) options.renderer.notice(line);
    return started;
  }

  /** Every connected server's tools, in configuration order. */
  tools(): Tool[] {
    return this.connections.filter((c) => c.state.status === "connected").flatMap((c) => c.tools.map((t) => mcpTool(c, t) as Tool));
  }

  async close(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.close()));
  }

  /** What a person should know at start: files refused, servers failed or not started. */
  private startupNotices(): string[] {
    return [
      ...this.problems.map((p) => `MCP: ${p.file} ${p.reason}: none of its servers started`),
      ...this.connections.filter((c) => c.state.status !== "connected").map((c) => `MCP server ${c.name} (${c.server.file}): ${describeState(c.state)}`),
    ];
  }
}
