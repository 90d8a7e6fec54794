/** @learn/s10 — teammates and mailboxes: many loops, one team. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { lesson as previousLesson } from "@learn/s09";
import { createAgent, mechanisms } from "./agent.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { inbox, team, teammate, teamOf } from "./mechanism.ts";
export { teamFor, type BuiltTeam } from "./team-parts.ts";
export * from "./team/index.ts";
export * from "./teammates/inbox.ts";
export * from "./teammates/prompt.ts";
export * from "./teammates/team.ts";
export * from "./teammates/teammate.ts";
export * from "./teammates/tools.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s10",
  title: "Teams",
  headline: "many loops, one team",
  demoScripts: demoScripts(import.meta.url, "pair.yaml"),
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  createAgent,
});
