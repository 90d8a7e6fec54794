/** @learn/s10 — teammates and mailboxes: many loops, one team. Later lessons import from here. */
import { demoScripts, type Lesson } from "@learn/core";
import { createAgent, previousLesson } from "./agent.ts";

export { childParts, createAgent, parts, previousLesson } from "./agent.ts";
export { teamFor, withTeam, type BuiltTeam } from "./team-parts.ts";
export * from "./team/index.ts";
export * from "./teammates/inbox.ts";
export * from "./teammates/prompt.ts";
export * from "./teammates/team.ts";
export * from "./teammates/teammate.ts";
export * from "./teammates/tools.ts";

export const lesson: Lesson = {
  id: "s10",
  title: "Teams",
  headline: "many loops, one team",
  demoScripts: demoScripts(import.meta.url, "pair.yaml"),
  flags: previousLesson.flags ?? [],
  demoFlags: previousLesson.demoFlags,
  createAgent,
};
