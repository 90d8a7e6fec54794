/**
 * `todo_write` — the model writes its plan. It changes nothing but the agent's own plan, so
 * it is not a mutating tool: the permission pipeline never asks about it, and plan mode allows
 * it (planning is what plan mode is for). Its name for settings and hook scripts is Claude
 * Code's, `TodoWrite`.
 *
 * The input is validated whole by the zod schema before `run` is called: a list with an empty
 * item, an unknown status, two items in progress or too many items is an error result saying
 * what is wrong, and the plan the agent had stays as it was.
 */
import { defineTool, type Tool } from "@learn/core";
import { z } from "zod";
import { MAX_PLAN_ITEMS, todoListSchema, type TodoList } from "./list.ts";
import { renderTodos, spinnerText } from "./render.ts";

export const PLAN_TOOL = "todo_write";

const DESCRIPTION = [
  "Write your plan for the current task as a todo list. Send the WHOLE list each time: it replaces the previous one.",
  "Use it for tasks with several steps: one item per step, in order.",
  "Mark an item in_progress before you start it (at most one at a time) and completed as soon as it is done, not in a batch at the end.",
  `At most ${MAX_PLAN_ITEMS} items. Give activeForm, the step as it is being done ("Running the tests"): the user sees it while you work.`,
].join(" ");

export function todoWriteTool(list: TodoList): Tool {
  return defineTool({
    name: PLAN_TOOL,
    description: DESCRIPTION,
    input: z.object({ todos: todoListSchema.describe("The whole plan, in order.") }),
    permission: { mutating: false, claudeCode: { name: "TodoWrite" } },
    // A round with this call is a round of planning: the reminder's count starts again.
    keepsPlan: true,
    summary: ({ todos }) => `${todos.length} item${todos.length === 1 ? "" : "s"}`,
    run({ todos }, ctx) {
      list.replace(todos);
      const plan = renderTodos(list.items);
      ctx.renderer.status(spinnerText(list.items));
      // The model reads the sentence; the screen shows the plan itself, whole, as a checklist.
      return { content: `The plan is now:\n${plan}`, display: plan };
    },
  });
}
