/**
 * An MCP server's tool as one of the agent's tools, named as Claude Code names it:
 *
 *   server "issues", tool "create_issue"   →   mcp__issues__create_issue
 *
 * (characters other than letters, digits, _ and - become _). The schema the model sees is the
 * server's own JSON schema; the server validates the input. To the permission policy (s03) every
 * MCP tool may change things, so in default mode it asks until a rule allows it —
 * `mcp__issues__create_issue`, `mcp__issues__*`, `mcp__issues`. A server's `readOnlyHint` is its
 * own word, not proof: Claude Code 2.1.328 asks for such a tool too (the comparison measured it),
 * and here the hint only lets the call run beside other read-only calls.
 */
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Tool, ToolSpec } from "@learn/core";
import { errorText } from "@learn/core";
import { outcomeOf } from "./results.ts";
import type { McpServerConnection } from "./server.ts";

/** Claude Code's normalisation of a server's or tool's name inside `mcp__…__…`. */
export const normalName = (name: string) => name.replace(/[^a-zA-Z0-9_-]/g, "_");

export const mcpToolName = (server: string, tool: string) => `mcp__${normalName(server)}__${normalName(tool)}`;

const inputSchema = z.record(z.string(), z.unknown());

export function mcpTool(connection: McpServerConnection, tool: McpTool): Tool<Record<string, unknown>> {
  const name = mcpToolName(connection.name, tool.name);
  const description = tool.description ?? `${tool.name}, a tool of MCP server ${connection.name}`;
  const readOnly = tool.annotations?.readOnlyHint === true;
  return {
    name,
    description,
    spec: { name, description, input_schema: tool.inputSchema as ToolSpec["input_schema"] },
    schema: inputSchema,
    // Calls the server calls read-only may run side by side; anything else one at a time, in the model's order.
    concurrencySafe: readOnly,
    permission: { mutating: true, claudeCode: { name } },
    async execute(input, ctx) {
      const parsed = inputSchema.safeParse(input ?? {});
      if (!parsed.success) return { content: `Invalid input for ${name}: expected an object`, isError: true };
      try {
        return outcomeOf(await connection.call(tool.name, parsed.data, ctx.signal));
      } catch (err) {
        return { content: errorText(err, ctx.signal), isError: true };
      }
    },
  };
}
