/**
 * `/agents` — the agent types this session offers, as the `task` tool will start them: where
 * each came from (built-in, ~/.claude/agents, .claude/agents), its tools, model and mode, and
 * the files that were skipped. Claude Code's `/agents` opens an editor; this one only lists,
 * so a student who wrote an agent file sees at once whether, and how, it was read.
 */
import type { SlashCommand } from "@learn/core";
import type { AgentType, AgentTypes } from "./load.ts";

export function agentsCommand(agentTypes: AgentTypes, allTools: () => readonly string[]): SlashCommand {
  return {
    name: "agents",
    description: "list the agent types the task tool can start, and the agent files that were skipped",
    run: () => {
      const lines = [...agentTypes.types.values()].map((type) => describe(type, allTools()));
      const skipped = agentTypes.problems.map((problem) => `  ✗ ${problem}`);
      return [`Agent types (${agentTypes.types.size}):`, ...lines, ...(skipped.length ? ["Skipped:", ...skipped] : [])].join("\n");
    },
  };
}

/** "  explore (built-in) — read-only, runs beside others; tools: read_file, grep; model: the lead's". */
function describe(type: AgentType, allTools: readonly string[]): string {
  const tools = type.tools.length === allTools.length ? "every tool a child has" : type.tools.join(", ") || "none";
  const traits = [type.readOnly ? "read-only, runs beside others" : "may change files, runs alone", `tools: ${tools}`, `model: ${type.model ?? "the lead's"}`];
  if (type.permissionMode) traits.push(`mode: ${type.permissionMode}`);
  if (type.maxTurns !== undefined) traits.push(`at most ${type.maxTurns} model calls`);
  return `  ${type.name} (${type.source}) — ${traits.join("; ")}\n      ${firstLine(type.description)}`;
}

const firstLine = (text: string) => {
  const line = text.split("\n")[0]!.trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};
