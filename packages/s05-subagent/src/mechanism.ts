/**
 * What lesson 5 adds, to the lead only: `task`, which hands a subtask to a child agent. The
 * child is built from the same list of mechanisms for the role "subagent" (ctx.partsFor): it
 * gets every mechanism that is for all agents, and not this one — no `task`, no recursion.
 */
import type { Mechanism } from "@learn/core";
import { loadAgentTypes, showProblems } from "./agent-types/load.ts";
import { withSubagentGuidance } from "./prompt.ts";
import { taskTool } from "./task-tool.ts";

export const subagents: Mechanism = {
  name: "subagents",
  for: ["lead"],
  async add(parts, ctx) {
    const { options } = ctx;
    const agentTypes = showProblems(await loadAgentTypes(options.cwd, parts.tools), options.renderer);
    // A child is built with its own options: fresh hooks and messages, no `task`.
    const task = taskTool(agentTypes.types, options, (childOptions) => ctx.partsFor("subagent", childOptions));
    return {
      ...parts,
      tools: [...parts.tools, task.tool],
      sections: withSubagentGuidance(parts.sections),
      onClear: [...parts.onClear, task.reset],
    };
  },
};
