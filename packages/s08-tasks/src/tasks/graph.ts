/**
 * The board as a graph: which tasks can be worked on now, and whether a new dependency
 * would close a loop. Pure functions over a list of tasks, so the board, the tools and the
 * /tasks screen all answer these questions the same way.
 *
 * Readiness is computed, not stored: completing a task does not rewrite its dependents.
 * A task's `blockedBy` keeps every task it waited for (its history stays readable), and it
 * is *ready* when every one of them is completed. So completing #2 unblocks #3 with one
 * file written, and there is no second write that a crash could leave undone. A blocker
 * whose file is missing or broken counts as not done: we cannot tell, so we do not guess.
 */
import { ref, type Task } from "./task-file.ts";

/** The tasks `task` still waits for: those in `blockedBy` that are not completed (or not readable). */
export function openBlockers(task: Task, byId: ReadonlyMap<number, Task>): number[] {
  return task.blockedBy.filter((id) => byId.get(id)?.status !== "completed");
}

export interface BoardGroups {
  /** Not completed, nothing open in its way (in progress or pending). */
  ready: Task[];
  /** Not completed, waiting for at least one open task. */
  blocked: Task[];
  done: Task[];
}

export function groupTasks(tasks: readonly Task[]): BoardGroups {
  const byId = indexById(tasks);
  const groups: BoardGroups = { ready: [], blocked: [], done: [] };
  for (const task of tasks) {
    if (task.status === "completed") groups.done.push(task);
    else if (openBlockers(task, byId).length > 0) groups.blocked.push(task);
    else groups.ready.push(task);
  }
  return groups;
}

export const indexById = (tasks: readonly Task[]) => new Map(tasks.map((t) => [t.id, t]));

/**
 * Would "`dependent` is blocked by `blocker`" close a loop? If `blocker` already waits,
 * directly or through others, for `dependent`, the new link closes it: returns the loop as
 * ids from `dependent` back to itself ([3, 5, 3]), or undefined when there is none.
 */
export function cycleIfLinked(dependent: number, blocker: number, byId: ReadonlyMap<number, Task>): number[] | undefined {
  // Breadth first along "waits for", remembering how each task was reached: the shortest loop is the clearest message.
  const cameFrom = new Map<number, number | undefined>([[blocker, undefined]]);
  const queue = [blocker];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at === dependent) {
      const path: number[] = [];
      for (let step: number | undefined = at; step !== undefined; step = cameFrom.get(step)) path.unshift(step);
      return [dependent, ...path];
    }
    for (const next of byId.get(at)?.blockedBy ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** "#3 → #5 → #3" */
export const describeCycle = (ids: readonly number[]) => ids.map(ref).join(" → ");
