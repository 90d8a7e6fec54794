/**
 * What lesson 8 adds, to every agent: a task graph on disk (.tasks/) — the four tools, `/tasks`,
 * a prompt section that says when to use them, and the board as live state (what a compaction
 * must not lose). Problems with task files are shown when the lead starts; the board works
 * without them.
 */
import { LEAD_AGENT, type Mechanism } from "@learn/core";
import { TASKS_GRANT, TASKS_GUIDANCE } from "./task-board.ts";
import { boardState, TaskBoard, taskTools, tasksCommand, TASK_CREATE_TOOL, TASK_UPDATE_TOOL } from "./tasks/index.ts";

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
