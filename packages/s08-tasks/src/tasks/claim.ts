/**
 * Which tasks may be *claimed*: taken by an agent looking for work, without anyone assigning
 * it (s11's autonomous teammates; the board keeps the rule, under its lock). A task is claimable when it is pending, nobody owns it, and everything it waits for is
 * completed — work that is free and can start now. Anything else is someone's already, or
 * finished, or would start before its inputs exist.
 *
 * These are pure answers over a list of tasks, like graph.ts. They do not make a claim safe:
 * two agents can both see #3 as claimable. The board's `claim` asks the same question again
 * under its lock, on the files as they are then, and writes the owner in the same step, so
 * exactly one of them gets #3 and the other is told who has it.
 */
import { indexById, openBlockers } from "./graph.ts";
import { ref, type Task } from "./task-file.ts";

/** Why `task` cannot be claimed now ("task #3 is already owned by alice"), or undefined when it can. */
export function claimRefusal(task: Task, byId: ReadonlyMap<number, Task>): string | undefined {
  if (task.status !== "pending") {
    return `task ${ref(task.id)} is ${task.status}, not pending${task.owner ? ` (owner: ${task.owner})` : ""}`;
  }
  if (task.owner) return `task ${ref(task.id)} is already owned by ${task.owner}`;
  const open = openBlockers(task, byId);
  if (open.length > 0) {
    const what = open.map((id) => `${ref(id)} (${byId.get(id)?.status ?? "unreadable"})`).join(", ");
    return `task ${ref(task.id)} waits for ${what}, not completed yet`;
  }
  return undefined;
}

/** Pending, ownerless, and nothing it waits for is still open. */
export const claimable = (task: Task, byId: ReadonlyMap<number, Task>) => claimRefusal(task, byId) === undefined;

/** The claimable task with the lowest id (the oldest: planned first, usually needed first), or undefined. */
export function firstClaimable(tasks: readonly Task[]): Task | undefined {
  const byId = indexById(tasks);
  return tasks.filter((t) => claimable(t, byId)).sort((a, b) => a.id - b.id)[0];
}

/** The refusal when nothing is claimable, counting the pending tasks that are owned or waiting. */
export function nothingToClaim(tasks: readonly Task[]): string {
  const byId = indexById(tasks);
  const pending = tasks.filter((t) => t.status === "pending");
  const owned = pending.filter((t) => t.owner).length;
  const waiting = pending.filter((t) => !t.owner && openBlockers(t, byId).length > 0).length;
  const counts: string[] = [];
  if (waiting > 0) counts.push(`${waiting} pending ${waiting === 1 ? "waits" : "wait"} for unfinished tasks`);
  if (owned > 0) counts.push(`${owned} pending already owned`);
  return `no task to claim: nothing is pending, ownerless and ready${counts.length ? ` (${counts.join("; ")})` : ""}`;
}
