/**
 * The task board added to an agent's parts: the four tools (granted in mechanism.ts: they write
 * only the board), `/tasks`, a prompt section that says when to use them, and the board as live state
 * (what a compaction must not lose).
 * Problems with task files are shown when the lead starts; the board works without them.
 */
import { LEAD_AGENT, type AgentOptions, type AgentParts } from "@learn/core";
import { boardState, TaskBoard, taskTools, tasksCommand, TASK_CREATE_TOOL, TASK_UPDATE_TOOL } from "./tasks/index.ts";

export const TASKS_GUIDANCE =
  "For work that spans several steps or sessions, keep a task graph with the task tools: one task per deliverable, " +
  "with blockedBy for what must be done first. Work on ready tasks only; set a task in_progress when you start it and " +
  "completed when it is done. The board is on disk (.tasks/): it survives compaction and restarts, so read it with " +
  "task_list when you resume.";

/** Why the task tools need no question (a grant: see mechanism.ts). */
export const TASKS_GRANT = "lesson 8: the task tools write only under .tasks/";

export async function withTaskBoard(base: AgentParts, options: AgentOptions): Promise<AgentParts> {
  const board = await TaskBoard.open(options.cwd);
  if (options.model.agent === LEAD_AGENT) for (const problem of board.problems) options.renderer.error(problem);
  return {
    ...base,
    tools: [...base.tools, ...taskTools(board)],
    sections: [...base.sections, { name: "tasks", text: TASKS_GUIDANCE, tools: [TASK_CREATE_TOOL] }],
    commands: [...base.commands, tasksCommand(board)],
    liveState: [...base.liveState, () => boardState(board)],
  };
}
