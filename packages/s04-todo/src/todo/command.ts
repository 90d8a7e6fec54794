/** `/todos` — the plan as the agent holds it now, the same text the model was last shown. */
import type { SlashCommand } from "@learn/core";
import type { TodoList } from "./list.ts";
import { renderTodos } from "./render.ts";

export const NO_PLAN = "No plan yet: the model writes one with todo_write when a task has several steps.";

export function todosCommand(list: TodoList): SlashCommand {
  return {
    name: "todos",
    description: "show the agent's plan: each item and where it stands",
    run: () => (list.items.length === 0 ? NO_PLAN : renderTodos(list.items)),
  };
}
