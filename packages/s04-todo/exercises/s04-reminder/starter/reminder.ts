/**
 * The reminder — a plan only helps if it is kept up to date. Models forget: after a few
 * rounds of reading and editing, the plan still says step 1 is in progress. So after every
 * round of tool calls (a `PostToolBatch` hook) we count the rounds since the plan last
 * changed, and at REMINDER_AFTER_ROUNDS we add a text block after that round's tool results:
 *
 *   user: [tool_result, tool_result, "<reminder>…the plan as it stands…</reminder>"]
 *
 * The rule, exactly:
 *   - a round with a todo_write that succeeded resets the count; any other round with tool
 *     calls adds one;
 *   - at REMINDER_AFTER_ROUNDS, if the plan has open items (or there is no plan at all: a task
 *     that took that many rounds has several steps), the reminder goes out and the count
 *     starts again — so a model that ignores it hears it again, REMINDER_AFTER_ROUNDS later;
 *   - a plan whose items are all completed gets no reminder: the work is done;
 *   - every prompt starts at zero (a `UserPromptSubmit` hook), and each agent counts alone.
 *
 * It goes in the user message, not the system prompt: the system prompt is the same for every
 * call, and the model pays most attention to what came last.
 *
 * YOU write planReminder back. Read README.md, "The solution", first.
 * Check your work: pnpm exercise check s04-reminder
 */
import { defineHook, type Hook } from "@learn/core";
import type { TodoList } from "../../../src/todo/list.ts";
import { renderTodos, spinnerText } from "../../../src/todo/render.ts";
import { PLAN_TOOL } from "../../../src/todo/tool.ts";

export const REMINDER_AFTER_ROUNDS = 3;

export function reminderText(list: TodoList, rounds: number): string {
  if (list.items.length === 0) {
    return (
      `<reminder>${rounds} rounds of tool calls and no plan. If this task has several steps, ` +
      "write them down with todo_write and keep the list current; if it is a small task, carry on.</reminder>"
    );
  }
  return (
    `<reminder>Your plan has not changed in ${rounds} rounds of tool calls. It says:\n${renderTodos(list.items)}\n` +
    "Mark finished items completed and the one you are on in_progress with todo_write; if the plan no longer fits, rewrite it.</reminder>"
  );
}

/** What the screen says when a reminder goes out (the model gets reminderText). */
export function reminderNotice(list: TodoList, rounds: number): string {
  const why = list.items.length === 0 ? `${rounds} rounds of tool calls and no plan` : `the plan has not changed in ${rounds} rounds of tool calls`;
  return `Reminder sent to the model with this round's results: ${why}.`;
}

export interface PlanReminder {
  /** Counts rounds; appends the reminder when it is due. */
  afterBatch: Hook<"PostToolBatch">;
  /** Starts the count again for each prompt, and puts the current item back on the spinner. */
  onPrompt: Hook<"UserPromptSubmit">;
}

export function planReminder(list: TodoList, afterRounds = REMINDER_AFTER_ROUNDS): PlanReminder {
  // TODO: one count of rounds in this closure, shared by the two hooks below.
  //   afterBatch: defineHook("PostToolBatch", "todo reminder", async ({ uses, outcomes }, ctx) => …)
  //     — follow "The rule, exactly" at the top of this file; when the reminder is due, show
  //       reminderNotice(...) on ctx.renderer.notice and return { append: [reminderText(...)] }.
  //   onPrompt: defineHook("UserPromptSubmit", "todo reminder reset", async (_event, ctx) => …)
  //     — start the count again, and put the current item on the spinner:
  //       ctx.renderer.status(spinnerText(list.items)).
  void [defineHook, renderTodos, spinnerText, PLAN_TOOL, list, afterRounds];
  throw new Error("planReminder is not written yet (exercises/s04-reminder/reminder.ts)");
}
