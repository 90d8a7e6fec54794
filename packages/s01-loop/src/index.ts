/** @learn/s01 — the agent loop and one bash tool. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { createAgent, mechanisms } from "./agent.ts";

export { mechanisms } from "./agent.ts";
export { agentLoop } from "./loop.ts";
export { promptSections } from "./bash/prompt.ts";
export { refusalFor } from "./bash/guard.ts";
export { bashTool, formatRun, BASH_TIMEOUT_MS } from "./bash/bash-tool.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s01",
  title: "The agent loop",
  headline: "one loop and one tool make an agent",
  demoScripts: demoScripts(import.meta.url, "hello.yaml"),
  createAgent,
});
