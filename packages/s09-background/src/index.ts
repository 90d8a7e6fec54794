/** @learn/s09 — background jobs, notifications and cron: slow work that doesn't block. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { createAgent, mechanisms } from "./agent.ts";

export { mechanisms } from "./agent.ts";
export { DELIVER_FLAG, Notifications } from "./notifications/index.ts";
export { backgroundRunTool, JobManager } from "./jobs/index.ts";
export { notificationBlock } from "./background-children/index.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s09",
  title: "Background",
  headline: "don't wait for slow work",
  demoScripts: demoScripts(import.meta.url, "slow-tests.yaml", "one-shot.yaml"),
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  createAgent,
});
