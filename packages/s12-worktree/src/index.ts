/** @learn/s12 — a git worktree per task: parallel work without collisions. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { createAgent, mechanisms } from "./agent.ts";
import { isPreparedRepository, prepareRepository } from "./worktrees/git/prepare.ts";

export { mechanisms } from "./agent.ts";
export { prepareRepository, FIRST_COMMIT_DATE } from "./worktrees/git/prepare.ts";
export { git } from "./worktrees/git/run-git.ts";
export { EVENTS_FILE, INDEX_FILE } from "./worktrees/index.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s12",
  title: "Worktrees",
  headline: "parallel work without collisions",
  demoScripts: demoScripts(import.meta.url, "parallel.yaml"),
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  // Worktrees need a repository of the workspace's own: the practice workspace is inside the course's.
  workspace: {
    prepare: prepareRepository,
    isPrepared: isPreparedRepository,
    why: "A fresh copy of practice-workspace/, made a git repository of its own: worktrees need one (--cwd <dir> to work elsewhere).",
  },
  createAgent,
});
