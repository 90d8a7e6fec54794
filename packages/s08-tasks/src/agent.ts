/**
 * Lesson 8's agent: the previous lesson's parts, plus a task graph on disk — goals that
 * outlive a compaction, a crash, and the session itself.
 *
 *   task_create { subject, blockedBy? } ──► .tasks/<id>.json   (ids under a lock, written atomically)
 *   task_update { id, status, addBlockedBy… } ──► both sides of a dependency; cycles refused
 *   task_list / task_get / /tasks ──► ready · blocked · done, from the files, every time
 *
 *   compaction (s07) replaces the conversation; the board is live state: its open tasks are
 *   re-attached to the summary, and the files are still there for the next session.
 *
 * A subagent works on the same board: it is the same folder.
 */
import { agentFrom, type Agent, type AgentOptions, type AgentParts } from "@learn/core";
import type { PartsOf } from "@learn/s05";
import { childParts as previousChildParts, lesson as previousLesson, parts as previousParts } from "@learn/s07";
import { withTaskBoard } from "./task-board.ts";

export { previousLesson };

/** A subagent's parts: the previous lesson's, with the task board. */
export async function childParts(options: AgentOptions): Promise<AgentParts> {
  return withTaskBoard(await previousChildParts(options), options);
}

/** The lead's parts: the previous lesson's lead, built over `children` (by default, these). */
export async function parts(options: AgentOptions, children: PartsOf = childParts): Promise<AgentParts> {
  return previousParts(options, children);
}

export async function createAgent(options: AgentOptions): Promise<Agent> {
  return agentFrom(await parts(options), options);
}
