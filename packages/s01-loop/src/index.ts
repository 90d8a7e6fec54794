/** @learn/s01 — the agent loop and one bash tool. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { createAgent, mechanisms } from "./agent.ts";

export { createAgent, mechanisms } from "./agent.ts";
export { bash } from "./bash/index.ts";
export { agentLoop, type LoopOptions } from "./loop.ts";
export { promptSections, systemPrompt } from "./bash/prompt.ts";
export { refusalFor, REFUSED_COMMANDS } from "./bash/guard.ts";
export { bashTool, createBashTool, formatRun, BASH_TIMEOUT_MS } from "./bash/bash-tool.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s01",
  title: "The agent loop",
  headline: "one loop and one tool make an agent",
  demoScripts: demoScripts(import.meta.url, "hello.yaml"),
  createAgent,
});
