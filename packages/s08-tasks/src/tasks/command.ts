/**
 * `/tasks`: the board as it is on disk now (read fresh: another agent may have changed it),
 * grouped ready / blocked / done, with what each task waits for as arrows, and any task
 * file that could not be loaded, with why.
 */
import type { SlashCommand } from "@learn/core";
import { describeBoard } from "./describe.ts";
import type { TaskBoard } from "./store.ts";
import { TASK_DIR } from "./task-file.ts";

export function tasksCommand(board: TaskBoard): SlashCommand {
  return {
    name: "tasks",
    description: `show the task board in ${TASK_DIR}/: ready, blocked (← what they wait for) and done`,
    async run() {
      await board.reload();
      return describeBoard(board.list(), board.problems);
    },
  };
}
