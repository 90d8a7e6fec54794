/** @learn/s04 — planning: a todo list the model keeps, shown on screen, and a reminder when it goes stale. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { createAgent, mechanisms } from "./agent.ts";

export { createAgent, mechanisms } from "./agent.ts";
export { todo } from "./todo/index.ts";
export { withPlanningGuidance, PLANNING_GUIDANCE } from "./todo/prompt.ts";
export { TodoList, todoSchema, todoListSchema, MAX_PLAN_ITEMS, MAX_PLAN_ITEM_CHARS, PLAN_STATUSES, type Todo, type TodoStatus } from "./todo/list.ts";
export { planState, renderTodos, spinnerText, STATUS_MARKS } from "./todo/render.ts";
export { todoWriteTool, PLAN_TOOL } from "./todo/tool.ts";
export { planReminder, reminderText, REMINDER_AFTER_ROUNDS, type PlanReminder } from "./todo/reminder.ts";
export { todosCommand, NO_PLAN } from "./todo/command.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s04",
  title: "Planning",
  headline: "a plan the model keeps, a nudge when it forgets",
  demoScripts: demoScripts(import.meta.url, "refactor.yaml"),
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  createAgent,
});
