/**
 * Lesson 8's agent: the previous lesson's mechanisms, plus a task graph on disk — goals that
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
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s07";
import { tasks } from "./tasks/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, tasks];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
