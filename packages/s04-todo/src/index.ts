/** @learn/s04 — planning: a todo list the model keeps, shown on screen, and a reminder when it goes stale. */
import { demoScripts, type Lesson } from "@learn/core";
import { permissionModeFlag } from "@learn/s03";
import { createAgent } from "./agent.ts";

export { createAgent, mechanisms } from "./agent.ts";
export { todo } from "./mechanism.ts";
export { withPlanningGuidance, PLANNING_GUIDANCE } from "./prompt.ts";
export * from "./todo/index.ts";

export const lesson: Lesson = {
  id: "s04",
  title: "Planning",
  headline: "a plan the model keeps, a nudge when it forgets",
  demoScripts: demoScripts(import.meta.url, "refactor.yaml"),
  flags: [permissionModeFlag],
  createAgent,
};
