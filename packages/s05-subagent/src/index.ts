/** @learn/s05 — subagents: a task tool that runs a child agent in a context of its own. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { createAgent, mechanisms } from "./agent.ts";

export { mechanisms } from "./agent.ts";
export { subagents } from "./subagents/index.ts";
export { taskStarterOf, TASK_TOOL, TASK_INPUT, type TaskInput, type TaskStarter } from "./subagents/task-tool.ts";
export { runChild } from "./subagents/run-child.ts";
export { handBack } from "./subagents/hand-back.ts";
// Agent types: Claude Code's agent files and the built-ins.
export { loadAgentTypes, findAgentType, type AgentType } from "./subagents/agent-types/load.ts";
export { DEFAULT_AGENT_TYPE } from "./subagents/agent-types/built-in.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s05",
  title: "Subagents",
  headline: "big exploration, small summary",
  demoScripts: demoScripts(import.meta.url, "subtask.yaml"),
  createAgent,
});
