/** @learn/s08 — a task graph on disk: goals that survive compaction and restarts. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { createAgent, mechanisms } from "./agent.ts";

export { mechanisms } from "./agent.ts";
export { TASK_DIR, taskFileName, type Task, TaskBoard, claimable } from "./tasks/index.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s08",
  title: "Tasks",
  headline: "goals that survive forgetting",
  demoScripts: demoScripts(import.meta.url, "feature-plan.yaml"),
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  createAgent,
});
