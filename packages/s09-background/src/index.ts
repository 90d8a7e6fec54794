/** @learn/s09 — background jobs, notifications and cron: slow work that doesn't block. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { lesson as previousLesson } from "@learn/s08";
import { createAgent, mechanisms } from "./agent.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { background, backgroundFor, CRON_WAIT_MS, DELIVER_CHOICES, DELIVER_FLAG, backgroundMechanism, type Background } from "./background/index.ts";
export { BACKGROUND_GUIDANCE, CRON_GUIDANCE } from "./background/prompt.ts";
export { clockFor, TIME_SCALE_ENV, TIME_SCALE_FLAG } from "./background/time-scale.ts";
export * from "./background/cron/index.ts";
export * from "./background/jobs/index.ts";
export * from "./background/notifications/index.ts";
export * from "./background/subagents/index.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s09",
  title: "Background",
  headline: "don't wait for slow work",
  demoScripts: demoScripts(import.meta.url, "slow-tests.yaml", "one-shot.yaml"),
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  createAgent,
});
