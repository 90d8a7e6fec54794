/**
 * `/tasks`: the board as it is on disk now (read fresh: another agent may have changed it),
 * grouped ready / blocked / done, with what each task waits for as arrows, and any task
 * file that could not be loaded, with why — and any stale mirror: a link's two sides that
 * disagree, as a crash between its two writes leaves them.
 */
import type { SlashCommand } from "@learn/core";
import { describeBoard } from "../../../src/tasks/describe.ts";
import { indexById } from "../../../src/tasks/graph.ts";
import type { TaskBoard } from "../../../src/tasks/store.ts";
import { TASK_DIR, ref, type Task } from "../../../src/tasks/task-file.ts";

export function tasksCommand(board: TaskBoard): SlashCommand {
  return {
    name: "tasks",
    description: `show the task board in ${TASK_DIR}/: ready, blocked (← what they wait for) and done`,
    async run() {
      await board.reload();
      const stale = staleMirrors(board.list());
      const report = describeBoard(board.list(), board.problems);
      return stale.length === 0 ? report : [report, "Stale mirrors (blockedBy is the truth; blocks should match it):", ...stale.map((s) => `  ${s}`)].join("\n");
    },
  };
}

/**
 * Where `blocks` disagrees with the blockedBy lists: a task waited for that does not list its
 * dependent, or a task that lists a dependent that does not wait for it.
 */
function staleMirrors(tasks: readonly Task[]): string[] {
  const byId = indexById(tasks);
  const stale: string[] = [];
  for (const task of tasks) {
    for (const blocker of task.blockedBy) {
      const other = byId.get(blocker);
      if (other && !other.blocks.includes(task.id)) stale.push(`${ref(blocker)} should list ${ref(task.id)} in blocks: ${ref(task.id)} waits for it`);
    }
    for (const dependent of task.blocks) {
      const other = byId.get(dependent);
      if (other && !other.blockedBy.includes(task.id)) stale.push(`${ref(task.id)} lists ${ref(dependent)} in blocks, but ${ref(dependent)} does not wait for it`);
    }
  }
  return stale;
}
