/** @learn/s07 — compaction and error recovery: long sessions that neither overflow nor stop at the first failed call. */
import { demoScripts, type Lesson } from "@learn/core";
import { lesson as previousLesson } from "@learn/s06";
import { createAgent } from "./agent.ts";
import { THRESHOLD_ENV, THRESHOLD_FLAG } from "./compaction/index.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { callRecovery, contextCompaction } from "./mechanism.ts";
export * from "./compaction/index.ts";
export * from "./recovery/index.ts";

export const lesson: Lesson = {
  id: "s07",
  title: "Compaction",
  headline: "forget on purpose, never lose the plot",
  demoScripts: demoScripts(import.meta.url, "long-session.yaml"),
  flags: [
    ...(previousLesson.flags ?? []),
    { name: THRESHOLD_FLAG, env: THRESHOLD_ENV, description: "compact the conversation above this many estimated tokens (default 50000)" },
  ],
  // The demo compacts at a few thousand tokens, so a short scripted session shows it happen.
  demoFlags: { [THRESHOLD_FLAG]: "5000" },
  createAgent,
};
