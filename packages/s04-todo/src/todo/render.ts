/**
 * How a plan looks, on screen and to the model: one line per item with a box that says
 * where it stands, and a count at the end. The same text goes to both, so what you see is
 * exactly what the model was told.
 *
 *   [x] Run the tests to pin the current behaviour
 *   [>] Replace var with const
 *   [ ] Run the tests again
 *   (1/3 completed)
 */
import type { Todo, TodoStatus } from "./list.ts";

export const STATUS_MARKS: Readonly<Record<TodoStatus, string>> = {
  pending: "[ ]",
  in_progress: "[>]",
  completed: "[x]",
};

export function renderTodos(todos: readonly Todo[]): string {
  if (todos.length === 0) return "(no items)";
  const done = todos.filter((todo) => todo.status === "completed").length;
  return [...todos.map((todo) => `${STATUS_MARKS[todo.status]} ${todo.content}`), `(${done}/${todos.length} completed)`].join("\n");
}

/** What the spinner says while the agent works: the item in progress, as it is being done. */
export function spinnerText(todos: readonly Todo[]): string | undefined {
  const current = todos.find((todo) => todo.status === "in_progress");
  return current && (current.activeForm ?? current.content);
}

/** The plan as live state to carry over s07's compaction (undefined: no plan to keep). */
export function planState(list: { items: readonly Todo[] }): string | undefined {
  if (list.items.length === 0) return undefined;
  return `<plan>\nThe plan you were following (todo_write):\n${renderTodos(list.items)}\n</plan>`;
}
