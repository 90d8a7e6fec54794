/** @learn/s06 — knowledge when asked: skills, memory, CLAUDE.md, custom commands, a cached prompt. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { createAgent, mechanisms } from "./agent.ts";

export { mechanisms } from "./agent.ts";
export { canCarryBreakpoint, markLastMessage, withLastMarked, EPHEMERAL } from "./prompt-cache/breakpoints.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s06",
  title: "Skills and memory",
  headline: "knowledge when asked, not up front",
  demoScripts: demoScripts(import.meta.url, "knowledge.yaml"),
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  createAgent,
});
