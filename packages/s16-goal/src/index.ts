/** @learn/s16 — a loop that checks its own goal: `/goal`, judged after each turn by a tool-less evaluator. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { lesson as previousLesson } from "@learn/s15";
import { createAgent, mechanisms } from "./agent.ts";

export { mechanisms } from "./agent.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s16",
  title: "Goal",
  headline: "a loop that checks its own goal",
  demoScripts: demoScripts(import.meta.url, "failing-test.yaml", "impossible.yaml"),
  workspace: previousLesson.workspace,
  // The practice rules approve no edit of code: the demo fixes the shop in acceptEdits.
  // Offline, transcripts (s15) stay in the workspace, as s15's demo keeps them.
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits", "sessions-dir": ".sessions" },
  createAgent,
});
