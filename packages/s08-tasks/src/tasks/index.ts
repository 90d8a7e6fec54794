/** Tasks: a goal graph on disk, one JSON file per task in .tasks/, that outlives compaction and sessions. */
export {
  TASK_DIR,
  TASK_STATUSES,
  TaskSchema,
  TaskId,
  taskFileName,
  idFromFileName,
  MAX_TASK_ID,
  notATaskFile,
  describeIds,
  type Task,
  type TaskStatus,
} from "./task-file.ts";
export { readTaskFolder, type TaskFolder } from "./read-board.ts";
export { groupTasks, openBlockers, cycleIfLinked, describeCycle, type BoardGroups } from "./graph.ts";
export { claimable, claimRefusal, firstClaimable } from "./claim.ts";
export { TaskBoard, type CreateTaskInput, type UpdateTaskInput, type TaskBoardOptions } from "./store.ts";
export { describeBoard, describeTask, taskLine, NO_TASKS } from "./describe.ts";
export {
  taskTools,
  taskCreateTool,
  taskUpdateTool,
  taskListTool,
  taskGetTool,
  TASK_CREATE_TOOL,
  TASK_UPDATE_TOOL,
  TASK_LIST_TOOL,
  TASK_GET_TOOL,
} from "./tools.ts";
export { tasksCommand } from "./command.ts";
export { boardState } from "./live-state.ts";
