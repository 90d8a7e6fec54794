/** @learn/s05 — subagents: a task tool that runs a child agent in a context of its own. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { lesson as previousLesson } from "@learn/s04";
import { createAgent, mechanisms } from "./agent.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { subagents } from "./subagents/index.ts";
export { taskTool, taskStarterOf, TASK_TOOL, TASK_INPUT, type TaskTool, type TaskInput, type TaskStarter, type StartedChild } from "./subagents/task-tool.ts";
export { runChild, SUBAGENT_MAX_ROUNDS, type ChildTask, type PartsOf } from "./subagents/run-child.ts";
export { handBack, NO_SUMMARY } from "./subagents/hand-back.ts";
export { ChildLock } from "./subagents/child-lock.ts";
export { withSubagentGuidance, childSections, SUBAGENT_GUIDANCE } from "./subagents/prompt.ts";
// Agent types: Claude Code's agent files and the built-ins.
export { loadAgentTypes, showProblems, resolveAgentType, findAgentType, shownUserDir, AGENTS_DIR, type AgentType, type AgentTypes } from "./subagents/agent-types/load.ts";
export { checkAgents } from "./subagents/agent-types/check.ts";
export { BUILT_IN_AGENTS, DEFAULT_AGENT_TYPE, REPORT_GUIDANCE } from "./subagents/agent-types/built-in.ts";
export { chooseTools, type ToolChoice } from "./subagents/agent-types/tool-names.ts";
export {
  modelIdFor,
  aliasTargets,
  aliasOf,
  aliasEnv,
  aliasFlag,
  MODEL_ALIASES,
  MODEL_ALIAS_FLAGS,
  CLAUDE_CODE_ALIAS_MODELS,
  CLAUDE_CODE_TARGETS,
  type AliasTargets,
  type ModelAlias,
  type Provider,
} from "@learn/claude-code-files";

export const lesson = lessonFrom(mechanisms, {
  id: "s05",
  title: "Subagents",
  headline: "big exploration, small summary",
  demoScripts: demoScripts(import.meta.url, "subtask.yaml"),
  createAgent,
});
