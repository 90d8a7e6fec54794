/** The plan, piece by piece: the list and its rules, the tool, the screen, the reminder, `/todos`. */
export { TodoList, todoSchema, todoListSchema, MAX_PLAN_ITEMS, MAX_PLAN_ITEM_CHARS, PLAN_STATUSES, type Todo, type TodoStatus } from "./list.ts";
export { planState, renderTodos, spinnerText, STATUS_MARKS } from "./render.ts";
export { todoWriteTool, PLAN_TOOL } from "./tool.ts";
export { planReminder, reminderText, REMINDER_AFTER_ROUNDS, type PlanReminder } from "./reminder.ts";
export { todosCommand, NO_PLAN } from "./command.ts";
