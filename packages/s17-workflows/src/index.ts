/** @learn/s17 — many agents, one script: a workflow the model writes, run isolated in the background and journaled. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { lesson as previousLesson } from "@learn/s16";
import { createAgent, mechanisms } from "./agent.ts";
import { prepareWorkflowWorkspace } from "./practice-workspace.ts";
import { MAX_AGENTS_FLAG } from "./workflows/index.ts";

export { mechanisms } from "./agent.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s17",
  title: "Workflows",
  headline: "many agents, one script",
  demoScripts: demoScripts(import.meta.url, "review.yaml"),
  workspace: {
    prepare: prepareWorkflowWorkspace,
    ...(previousLesson.workspace?.isPrepared ? { isPrepared: previousLesson.workspace.isPrepared } : {}),
    why: `${previousLesson.workspace?.why ?? "A fresh copy of practice-workspace/."} Its .claude/settings.local.json also allows Workflow: Claude Code asks before a workflow runs, and so does the course.`,
  },
  // The practice rules approve no edit of code; transcripts (s15) stay in the workspace offline;
  // and a budget of three agents, so the demo's run stops before its fourth and is resumed.
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits", "sessions-dir": ".sessions", [MAX_AGENTS_FLAG]: "3" },
  createAgent,
});
