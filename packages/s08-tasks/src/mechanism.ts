/**
 * What lesson 8 adds, to every agent: a task graph on disk (.tasks/), with four tools, `/tasks`,
 * and the board as live state that a compaction re-attaches (task-board.ts).
 */
import type { Mechanism } from "@learn/core";
import { TASKS_GRANT, withTaskBoard } from "./task-board.ts";
import { TASK_CREATE_TOOL, TASK_UPDATE_TOOL } from "./tasks/index.ts";

export const tasks: Mechanism = {
  name: "tasks",
  // The board is the agent's own notes, under .tasks/: no question, as for save_memory (s06).
  // Plan mode still refuses them, and deny rules on .tasks/ still hold (grants come after both).
  grants: [{ rules: [TASK_CREATE_TOOL, TASK_UPDATE_TOOL], source: TASKS_GRANT }],
  add: (parts, { options }) => withTaskBoard(parts, options),
};
