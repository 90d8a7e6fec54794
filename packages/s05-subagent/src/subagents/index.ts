/**
 * What lesson 5 adds, to the lead only: `task`, which hands a subtask to a child agent. The
 * child is built from the same list of mechanisms for the role "subagent" (ctx.partsFor): it
 * gets every mechanism that is for all agents, and not this one — no `task`, no recursion.
 */
import { SIMULATOR_BASE_URL, type AgentOptions, type Mechanism } from "@learn/core";
import { userClaudeDir } from "@learn/core/harness";
import { agentsCommand } from "./agent-types/agents-command.ts";
import { checkAgents } from "./agent-types/check.ts";
import { loadAgentTypes, showProblems } from "./agent-types/load.ts";
import { aliasTargets, MODEL_ALIAS_FLAGS, type Provider } from "@learn/claude-code-files";
import { withSubagentGuidance } from "./prompt.ts";
import { taskTool } from "./task-tool.ts";

export const subagents: Mechanism = {
  name: "subagents",
  for: ["lead"],
  starts: ["subagent"],
  // `--haiku-model` … or Claude Code's ANTHROPIC_DEFAULT_HAIKU_MODEL …: what `model: haiku` means.
  flags: MODEL_ALIAS_FLAGS,
  // `--check-config`: the user's and the workspace's agent files, as the loader reads them.
  checkConfig: checkAgents,
  async add(parts, ctx) {
    const { options } = ctx;
    const aliases = aliasTargets(options.flags, providerOf(options));
    // The user's own agents too, as Claude Code (CLAUDE_CONFIG_DIR, else ~/.claude; tests set it).
    const agentTypes = showProblems(await loadAgentTypes(options.cwd, parts.tools, aliases, options.userDir ?? userClaudeDir()), options.renderer);
    // A child is built with its own options: fresh hooks and messages, no `task`. Its mode
    // starts from the parent's (s03's policy), which its type's permissionMode may change.
    const parentMode = parts.permissions?.policy.mode;
    const task = taskTool(agentTypes.types, options, (childOptions) => ctx.partsFor("subagent", childOptions), parentMode);
    return {
      ...parts,
      tools: [...parts.tools, task.tool],
      sections: withSubagentGuidance(parts.sections),
      onClear: [...parts.onClear, task.reset],
      commands: [...parts.commands, agentsCommand(agentTypes, () => parts.tools.map((t) => t.name))],
    };
  },
};

/** Anthropic's own API, or the offline simulator (which answers to any id): Claude's ids work there. */
function providerOf(options: AgentOptions): Provider {
  const { baseURL } = options.model.options.client;
  if (baseURL === SIMULATOR_BASE_URL) return "anthropic";
  return new URL(baseURL).hostname === "api.anthropic.com" ? "anthropic" : "other";
}
