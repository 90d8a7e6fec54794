/** @learn/s04 — planning: a todo list the model keeps, shown on screen, and a reminder when it goes stale. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { createAgent, mechanisms } from "./agent.ts";

export { mechanisms } from "./agent.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s04",
  title: "Planning",
  headline: "a plan the model keeps, a nudge when it forgets",
  demoScripts: demoScripts(import.meta.url, "refactor.yaml"),
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  createAgent,
});
