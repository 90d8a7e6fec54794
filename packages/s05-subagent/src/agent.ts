/**
 * Lesson 5's agent: the previous lesson's parts, plus `task`, a tool that hands a subtask to a
 * child agent with a context of its own and gets back only its final report.
 *
 *   parent ─► task { prompt, subagent_type } ─► child = agentFrom(previousParts(child's options))
 *     ▲                                            │ its own messages, name, screen, tools
 *     └─────────── the child's final text ◄────────┘ everything else stays in the child
 *
 * Agent types come from `.claude/agents/*.md` (Claude Code's format) and two built-ins.
 */
import { agentFrom, type Agent, type AgentOptions, type AgentParts } from "@learn/core";
import { lesson as previousLesson, parts as previousParts } from "@learn/s04";
import { loadAgentTypes, showProblems } from "./agent-types/load.ts";
import { withSubagentGuidance } from "./prompt.ts";
import type { PartsOf } from "./subagent/run-child.ts";
import { taskTool } from "./task-tool.ts";

export { previousLesson, previousParts };

/** A subagent's parts: the previous lesson's, so a child has every tool but `task` (no recursion). */
export const childParts: PartsOf = previousParts;

export async function parts(options: AgentOptions): Promise<AgentParts> {
  return withTask(await childParts(options), options, childParts);
}

/** `base` plus `task`, whose children `children` builds (later lessons pass their own child parts). */
export async function withTask(base: AgentParts, options: AgentOptions, children: PartsOf): Promise<AgentParts> {
  const agentTypes = showProblems(await loadAgentTypes(options.cwd, base.tools), options.renderer);
  // A child is built by `children` with its own options: fresh hooks and messages, no `task`.
  const task = taskTool(agentTypes.types, options, children);
  return {
    ...base,
    tools: [...base.tools, task.tool],
    sections: withSubagentGuidance(base.sections),
    onClear: [...base.onClear, task.reset],
  };
}

export async function createAgent(options: AgentOptions): Promise<Agent> {
  return agentFrom(await parts(options), options);
}
