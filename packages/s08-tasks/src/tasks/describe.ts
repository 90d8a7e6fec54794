/**
 * The board as text: one line per task, grouped ready / blocked / done, with what each task
 * waits for drawn as an arrow. The model reads it (task_list), a person reads it (/tasks),
 * and after compaction a shorter form is re-attached (boardState) — one way of writing a
 * task, so all three agree.
 *
 *   Ready:
 *     #1 Set up the repo  [in progress: alice]
 *   Blocked:
 *     #3 Write the tests  ← #2
 *   Done:
 *     #2 Parse the input
 */
import { groupTasks, indexById, openBlockers } from "./graph.ts";
import { TASK_DIR, ref, type Task } from "./task-file.ts";

export const NO_TASKS = `No tasks yet: the model adds one with task_create, and they are kept in ${TASK_DIR}/ across compaction and sessions.`;

/** "[in progress: alice]", "[pending]" */
export function statusTag(task: Task): string {
  const status = task.status.replace("_", " ");
  return `[${status}${task.owner ? `: ${task.owner}` : ""}]`;
}

/** `#3 Write the tests  [pending]  ← #2 ← #4 ✓` — arrows for every task it waits for, ✓ when that one is done. */
export function taskLine(task: Task, byId: ReadonlyMap<number, Task>): string {
  const open = new Set(openBlockers(task, byId));
  const arrows = task.blockedBy.map((id) => `← ${ref(id)}${open.has(id) ? "" : " ✓"}`).join(" ");
  const tag = task.status === "completed" ? "" : `  ${statusTag(task)}`;
  return `${ref(task.id)} ${task.subject}${tag}${arrows ? `  ${arrows}` : ""}`;
}

/** The whole board, grouped, and the files that could not be read. */
export function describeBoard(tasks: readonly Task[], problems: readonly string[] = []): string {
  const byId = indexById(tasks);
  const { ready, blocked, done } = groupTasks(tasks);
  const lines: string[] = [];
  if (tasks.length === 0) lines.push(NO_TASKS);
  else lines.push(`${tasks.length} ${tasks.length === 1 ? "task" : "tasks"} in ${TASK_DIR}/: ${ready.length} ready, ${blocked.length} blocked, ${done.length} done`);
  for (const [title, group] of [["Ready", ready], ["Blocked", blocked], ["Done", done]] as const) {
    if (group.length) lines.push(`${title}:`, ...group.map((t) => `  ${taskLine(t, byId)}`));
  }
  if (problems.length) lines.push("Not loaded:", ...problems.map((p) => `  ${p}`));
  return lines.join("\n");
}

/** Everything about one task, for task_get. */
export function describeTask(task: Task, tasks: readonly Task[]): string {
  const byId = indexById(tasks);
  const open = openBlockers(task, byId);
  const readiness =
    task.status === "completed" ? "done" : open.length ? `blocked: waits for ${open.map(ref).join(", ")}` : "ready to work on";
  const lines = [
    `${ref(task.id)} ${task.subject}`,
    `status: ${task.status} (${readiness})`,
    `owner: ${task.owner ?? "none"}`,
    `blocked by: ${task.blockedBy.length ? task.blockedBy.map((id) => `${ref(id)} (${byId.get(id)?.status ?? "unreadable"})`).join(", ") : "nothing"}`,
    `blocks: ${task.blocks.length ? task.blocks.map(ref).join(", ") : "nothing"}`,
    `created ${task.createdAt}, updated ${task.updatedAt}`,
  ];
  if (task.description.trim()) lines.push("", task.description.trim());
  return lines.join("\n");
}
