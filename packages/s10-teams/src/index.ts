/** @learn/s10 — teammates and mailboxes: many loops, one team. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { lesson as previousLesson } from "@learn/s09";
import { createAgent, mechanisms } from "./agent.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { inbox } from "./inbox/index.ts";
export { teammate } from "./teammate/index.ts";
export * from "./team/index.ts";
export * from "./inbox/inbox.ts";
export * from "./teammate/prompt.ts";
export * from "./teammate/team.ts";
export * from "./teammate/teammate.ts";
export * from "./teammate/tools.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s10",
  title: "Teams",
  headline: "many loops, one team",
  demoScripts: demoScripts(import.meta.url, "pair.yaml"),
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  createAgent,
});
