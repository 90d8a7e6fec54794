/**
 * The reminder — a plan only helps if it is kept up to date. Models forget: after a few
 * rounds of reading and editing, the plan still says step 1 is in progress. So after every
 * round of tool calls (a `PostToolBatch` hook) we count the rounds since the plan last
 * changed, and at REMINDER_AFTER_ROUNDS we add a text block after that round's tool results:
 *
 *   user: [tool_result, tool_result, "<reminder>…the plan as it stands…</reminder>"]
 *
 * The rule, exactly:
 *   - a round with a plan-keeping call that succeeded resets the count; any other round with
 *     tool calls adds one. todo_write keeps the plan; so may a later lesson's tool (s08's
 *     task_create and task_update keep it on a board on disk): a tool says so with `keepsPlan`,
 *     and the round's event names the tool each call used;
 *   - an agent whose plan lives in such another tool is never told it has "no plan": the
 *     reminder names the tool it last kept the plan with instead (this list cannot see into it);
 *   - at REMINDER_AFTER_ROUNDS, if the plan has open items (or there is no plan at all: a task
 *     that took that many rounds has several steps), the reminder goes out and the count
 *     starts again — so a model that ignores it hears it again, REMINDER_AFTER_ROUNDS later;
 *   - a plan whose items are all completed gets no reminder: the work is done;
 *   - every prompt starts at zero (a `UserPromptSubmit` hook), and each agent counts alone.
 *
 * It goes in the user message, not the system prompt: the system prompt is the same for every
 * call, and the model pays most attention to what came last.
 */
import { defineHook, type Hook } from "@learn/core";
import type { TodoList } from "./list.ts";
import { renderTodos, spinnerText } from "./render.ts";
import { PLAN_TOOL } from "./tool.ts";

export const REMINDER_AFTER_ROUNDS = 3;

/** `keptWith`: the other tool the plan was last kept with (s08's task_update), when the todo list is empty. */
export function reminderText(list: TodoList, rounds: number, keptWith?: string): string {
  if (list.items.length === 0 && keptWith) {
    return (
      `<reminder>Your plan, kept with ${keptWith}, has not changed in ${rounds} rounds of tool calls. ` +
      "Bring it up to date: mark what you finished and what you are on now; if the plan no longer fits, change it.</reminder>"
    );
  }
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
export function reminderNotice(list: TodoList, rounds: number, keptWith?: string): string {
  const why =
    list.items.length === 0 && !keptWith ? `${rounds} rounds of tool calls and no plan` : `the plan has not changed in ${rounds} rounds of tool calls`;
  return `Reminder sent to the model with this round's results: ${why}.`;
}

export interface PlanReminder {
  /** Counts rounds; appends the reminder when it is due. */
  afterBatch: Hook<"PostToolBatch">;
  /** Starts the count again for each prompt, and puts the current item back on the spinner. */
  onPrompt: Hook<"UserPromptSubmit">;
}

export function planReminder(list: TodoList, afterRounds = REMINDER_AFTER_ROUNDS): PlanReminder {
  let rounds = 0;
  // The other tool this agent last kept its plan with (s08's task_update): the plan is there, not "missing".
  let keptWith: string | undefined;
  const afterBatch = defineHook("PostToolBatch", "todo reminder", async ({ uses, outcomes, tools }, ctx) => {
    const keepers = uses.filter((_use, i) => tools[i]?.keepsPlan === true && outcomes[i]?.isError === false);
    keptWith = keepers.findLast((use) => use.name !== PLAN_TOOL)?.name ?? keptWith;
    rounds = keepers.length > 0 ? 0 : rounds + 1;
    if (rounds < afterRounds || (list.items.length > 0 && !list.isOpen)) return;
    const text = reminderText(list, rounds, keptWith);
    // The model reads the reminder; the person watching sees that it went, and why.
    ctx.renderer.notice(reminderNotice(list, rounds, keptWith));
    rounds = 0;
    return { append: [text] };
  });
  const onPrompt = defineHook("UserPromptSubmit", "todo reminder reset", async (_event, ctx) => {
    rounds = 0;
    ctx.renderer.status(spinnerText(list.items));
  });
  return { afterBatch, onPrompt };
}
