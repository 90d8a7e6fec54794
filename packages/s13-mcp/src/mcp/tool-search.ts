/**
 * tool_search — Claude Code's ToolSearch, for the deferred MCP tools (deferred-tools.ts). The
 * model asks by name (`select:a,b`) or by keywords; the answer names what it found, and carries
 * one `tool_reference` block per tool: the API then shows the model that tool's schema, from the
 * request's tools, for the rest of the conversation. Same input as Claude Code's; the result's
 * text is the course's own (Claude Code's is "Tool loaded.").
 */
import { z } from "zod";
import type { Tool } from "@learn/core";
import { defineTool } from "@learn/core";

export const TOOL_SEARCH = "tool_search";

const input = z.object({
  query: z.string().describe('Query to find deferred tools. Use "select:<tool_name>" for direct selection, or keywords to search.'),
  max_results: z.number().int().positive().optional().describe("Maximum number of results to return (default: 5)"),
});

/** `select:a,b` → those names, in that order; keywords → the best matches by name and description. */
export function searchTools(tools: readonly Tool[], query: string, max = 5): Tool[] {
  const select = /^select:(.*)$/s.exec(query.trim());
  if (select) {
    const names = select[1]!.split(",").map((n) => n.trim());
    return names.flatMap((n) => tools.filter((t) => t.name === n));
  }
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const score = (t: Tool) => words.filter((w) => t.name.toLowerCase().includes(w)).length * 2 + words.filter((w) => t.description.toLowerCase().includes(w)).length;
  return tools
    .map((t) => ({ t, s: score(t) }))
    .filter(({ s }) => s > 0)
    .sort((a, b) => b.s - a.s)
    .slice(0, max)
    .map(({ t }) => t);
}

export function toolSearch(deferred: readonly Tool[]): Tool {
  return defineTool({
    name: TOOL_SEARCH,
    description:
      "Fetches full schema definitions for deferred tools so they can be called. Deferred tools are listed by name in the system prompt; until fetched, only the name is known. " +
      'Query forms: "select:name1,name2" fetches these exact tools; "issue create" searches names and descriptions, up to max_results best matches.',
    input,
    // It only reads the list of tools: it runs beside other reads, and no one is asked.
    concurrencySafe: true,
    permission: { mutating: false, claudeCode: { name: "ToolSearch" } },
    run({ query, max_results }) {
      const found = searchTools(deferred, query, max_results);
      if (found.length === 0) return `No deferred tool matches "${query}". Deferred tools: ${deferred.map((t) => t.name).join(", ")}`;
      return { content: `Loaded ${found.map((t) => t.name).join(", ")}: call them with the parameters their schemas name.`, references: found.map((t) => t.name) };
    },
  });
}
