/** @learn/s07 — compaction and error recovery: long sessions that neither overflow nor stop at the first failed call. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { createAgent, mechanisms } from "./agent.ts";
import { THRESHOLD_FLAG } from "./compaction/index.ts";

export { mechanisms } from "./agent.ts";
export { compaction, DEFAULT_COMPACTION, THRESHOLD_FLAG, type CompactionSettings, SUMMARY_TAG } from "./compaction/index.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s07",
  title: "Compaction",
  headline: "forget on purpose, never lose the plot",
  demoScripts: demoScripts(import.meta.url, "long-session.yaml"),
  // This demo compacts at a few thousand tokens, so a short scripted session shows it happen.
  // Its own, not the mechanism's: s08's demo is about tasks and keeps the default.
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [THRESHOLD_FLAG]: "5600", [PERMISSION_MODE_FLAG]: "acceptEdits" },
  demoCountsTokens: true, // the script expects its compactions at set requests
  createAgent,
});
