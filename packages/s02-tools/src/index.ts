/** @learn/s02 — a dispatch table, file tools, parallel batches. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { createAgent, mechanisms } from "./agent.ts";

export { mechanisms } from "./agent.ts";
export { agentLoop } from "./loop.ts";
export { promptSections } from "./files/prompt.ts";
export { tools } from "./files/file-tools.ts";
export { readFileTool } from "./files/read-file.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s02",
  title: "Tools",
  headline: "add a tool, not a branch",
  demoScripts: demoScripts(import.meta.url, "fix-bug.yaml"),
  createAgent,
});
