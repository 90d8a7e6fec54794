/** @learn/s04 — planning: a todo list the model keeps, shown on screen, and a reminder when it goes stale. */
import { demoScripts, type Lesson } from "@learn/core";
import { permissionModeFlag } from "@learn/s03";
import { createAgent } from "./agent.ts";

export { createAgent, parts } from "./agent.ts";
export { withPlanningGuidance, PLANNING_GUIDANCE } from "./prompt.ts";
export { TodoList, todoSchema, todoListSchema, MAX_TODOS, TODO_STATUSES, type Todo, type TodoStatus } from "./todo/list.ts";
export { renderTodos, spinnerText, STATUS_MARKS } from "./todo/render.ts";
export { todoWriteTool, TODO_WRITE } from "./todo/tool.ts";
export { planReminder, reminderText, REMINDER_AFTER_ROUNDS, type PlanReminder } from "./todo/reminder.ts";
export { todosCommand, NO_PLAN } from "./todo/command.ts";

export const lesson: Lesson = {
  id: "s04",
  title: "Planning",
  headline: "a plan the model keeps, a nudge when it forgets",
  demoScripts: demoScripts(import.meta.url, "refactor.yaml"),
  flags: [permissionModeFlag],
  createAgent,
};
