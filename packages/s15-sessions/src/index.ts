/** @learn/s15 — a session you can leave and come back to: transcripts, resume, fork, rewind, cost. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { lesson as previousLesson } from "@learn/s14";
import { createAgent, mechanisms } from "./agent.ts";

export { mechanisms } from "./agent.ts";
export { loadTranscript, projectDir } from "./sessions/transcript/index.ts";

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
