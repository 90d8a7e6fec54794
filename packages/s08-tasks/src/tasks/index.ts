/**
 * What lesson 8 adds, to every agent: a task graph on disk (.tasks/) — the four tools, `/tasks`,
 * a prompt section that says when to use them, and the board as live state (what a compaction
 * must not lose). Problems with task files are shown when the lead starts; the board works
 * without them.
 */
import { LEAD_AGENT, type Mechanism } from "@learn/core";
import { tasksCommand } from "./command.ts";
import { TASKS_GRANT, TASKS_GUIDANCE } from "./guidance.ts";
import { boardState } from "./live-state.ts";
import { TaskBoard } from "./store.ts";
import { taskTools, TASK_CREATE_TOOL, TASK_UPDATE_TOOL } from "./tools.ts";

export const tasks: Mechanism = {
  name: "tasks",
  // The board is the agent's own notes, under .tasks/: no question, as for save_memory (s06).
  // Plan mode still refuses them, and deny rules on .tasks/ still hold (grants come after both).
  grants: [{ rules: [TASK_CREATE_TOOL, TASK_UPDATE_TOOL], source: TASKS_GRANT }],
  async add(parts, { options }) {
    const board = await TaskBoard.open(options.cwd);
    if (options.model.agent === LEAD_AGENT) for (const problem of board.problems) options.renderer.error(problem);
    return {
      ...parts,
      tools: [...parts.tools, ...taskTools(board)],
      sections: [...parts.sections, { name: "tasks", text: TASKS_GUIDANCE, tools: [TASK_CREATE_TOOL] }],
      commands: [...parts.commands, tasksCommand(board)],
      liveState: [...parts.liveState, () => boardState(board)],
    };
  },
};

// The pieces, for the tests and for later lessons (through the lesson's entry point).
export { TASK_DIR, TASK_STATUSES, TaskSchema, TaskId, taskFileName, idFromFileName, MAX_TASK_ID, notATaskFile, describeIds, type Task, type TaskStatus } from "./task-file.ts";
export { readTaskFolder, type TaskFolder } from "./read-board.ts";
export { groupTasks, openBlockers, cycleIfLinked, describeCycle, type BoardGroups } from "./graph.ts";
export { claimable, claimRefusal, firstClaimable } from "./claim.ts";
export { TaskBoard, type CreateTaskInput, type UpdateTaskInput, type TaskBoardOptions } from "./store.ts";
export { describeBoard, describeTask, taskLine, NO_TASKS } from "./describe.ts";
export { taskTools, taskCreateTool, taskUpdateTool, taskListTool, taskGetTool, TASK_CREATE_TOOL, TASK_UPDATE_TOOL, TASK_LIST_TOOL, TASK_GET_TOOL } from "./tools.ts";
export { tasksCommand } from "./command.ts";
export { boardState } from "./live-state.ts";
