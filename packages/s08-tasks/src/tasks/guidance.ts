/**
 * What the task board says to the model and to the permission policy: the prompt section that
 * says when to use the task tools, and why they need no question (index.ts uses both).
 */
export const TASKS_GUIDANCE =
  "For work that spans several steps or sessions, keep a task graph with the task tools: one task per deliverable, " +
  "with blockedBy for what must be done first. Work on ready tasks only; set a task in_progress when you start it and " +
  "completed when it is done. The board is on disk (.tasks/): it survives compaction and restarts, so read it with " +
  "task_list when you resume.";

/** Why the task tools need no question. */
export const TASKS_GRANT = "lesson 8: the task tools write only under .tasks/";
