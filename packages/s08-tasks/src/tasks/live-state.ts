/**
 * What the conversation must not lose when it is compacted: the open tasks. The summary
 * may drop "I was halfway through #3", but the board has it, so this note is re-attached
 * after the history is replaced (an AgentParts.liveState entry). Only open tasks, one short
 * line each: the note is read every turn after compaction, and the done ones are on the
 * board for task_list.
 *
 * liveState is synchronous, so the note is the board as of its last read — every task tool
 * reads it afresh, and a change made here updates it.
 */
import { groupTasks, indexById, openBlockers } from "./graph.ts";
import type { TaskBoard } from "./store.ts";
import { TASK_DIR, ref } from "./task-file.ts";

/** Longest note: a board of hundreds of open tasks is summarised, not pasted. */
const MAX_LINES = 30;

export function boardState(board: TaskBoard): string | undefined {
  const tasks = board.list();
  const byId = indexById(tasks);
  const { ready, blocked } = groupTasks(tasks);
  const open = [...ready, ...blocked].sort((a, b) => a.id - b.id);
  if (open.length === 0) return undefined;
  const lines = open.map((task) => {
    const waits = openBlockers(task, byId);
    const owner = task.owner ? `, ${task.owner}` : "";
    return `- ${ref(task.id)} ${task.subject} [${task.status}${owner}]${waits.length ? ` waits for ${waits.map(ref).join(", ")}` : ""}`;
  });
  const shown = lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES - 1), `- … and ${lines.length - MAX_LINES + 1} more: see task_list`] : lines;
  return [
    `Open tasks on the board (${TASK_DIR}/), which survive compaction: ${ready.length} ready, ${blocked.length} blocked. ` +
      "Keep their status current with task_update; task_get reads one in full.",
    ...shown,
  ].join("\n");
}
