/** @learn/s15 — a session you can leave and come back to: transcripts, resume, fork, rewind, cost. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { lesson as previousLesson } from "@learn/s14";
import { createAgent, mechanisms } from "./agent.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { sessions, SESSION_KEY } from "./sessions/index.ts";
export * from "./sessions/transcript/index.ts";
export * from "./sessions/cost/meter.ts";
export * from "./sessions/cost/prices.ts";
export { chooseSession, CONTINUE_FLAG, FORK_FLAG, RESUME_FLAG } from "./sessions/resume/choose.ts";
export { promptsOf, REWIND_MODES } from "./sessions/rewind/rewind-command.ts";
export { Checkpoints, type RewindReport } from "./sessions/rewind/checkpoints.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s15",
  title: "Sessions",
  headline: "a session you can leave and come back to",
  demoScripts: demoScripts(import.meta.url, "sessions.yaml"),
  // s14's: a fresh git copy (s12's worktrees act on it, never on the course's own), with MCP servers and the sandbox on.
  workspace: previousLesson.workspace,
  // The demo's bash writes notes.md: the practice rules allow no such write, acceptEdits does.
  // Offline, transcripts stay in the workspace (`pnpm reset` clears them; a demo's copy takes them along).
  demoFlags: { "permission-mode": "acceptEdits", "sessions-dir": ".sessions" },
  createAgent,
});
