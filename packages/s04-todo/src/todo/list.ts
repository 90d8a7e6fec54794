/**
 * THE PLAN — the todo list the model keeps for itself. A model working through a task of
 * many steps forgets steps, repeats them, or declares victory halfway; written down, the plan
 * is in front of it (and of you) every time it changes.
 *
 * The list is Claude Code's TodoWrite shape: each item has `content` ("Run the tests"), a
 * `status`, and optionally `activeForm` ("Running the tests"), what the spinner says while the
 * item is in progress. The model always sends the WHOLE list, so there is no "edit item 3"
 * to get wrong: the new list replaces the old one, or — if it breaks a rule below — nothing
 * changes and the model is told why.
 */
import { z } from "zod";

/** More than this is not a plan any more; split the task instead. */
export const MAX_PLAN_ITEMS = 20;
/**
 * One step is a sentence, not a document. The plan is re-sent in every reminder and shown on
 * every change, so an item of a megabyte would be paid for again and again: refused instead.
 */
export const MAX_PLAN_ITEM_CHARS = 500;
export const PLAN_STATUSES = ["pending", "in_progress", "completed"] as const;
export type TodoStatus = (typeof PLAN_STATUSES)[number];

export const todoSchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(MAX_PLAN_ITEM_CHARS, `at most ${MAX_PLAN_ITEM_CHARS} characters: one step in a sentence`)
    .describe("What to do, in the imperative: \"Run the tests\"."),
  status: z.enum(PLAN_STATUSES).describe("pending, in_progress (at most one item), or completed."),
  activeForm: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(MAX_PLAN_ITEM_CHARS, `at most ${MAX_PLAN_ITEM_CHARS} characters: one step in a sentence`)
    .optional()
    .describe("The same step while it is being done: \"Running the tests\" (shown to the user)."),
});
export type Todo = z.output<typeof todoSchema>;

/** A whole plan: at most MAX_PLAN_ITEMS items, at most one of them in progress. */
export const todoListSchema = z
  .array(todoSchema)
  .max(MAX_PLAN_ITEMS, `a plan has at most ${MAX_PLAN_ITEMS} items; merge small steps or split the task`)
  .superRefine((todos, ctx) => {
    const working = todos.flatMap((todo, i) => (todo.status === "in_progress" ? [i + 1] : []));
    if (working.length > 1) {
      ctx.addIssue({
        code: "custom",
        message: `items ${working.join(", ")} are all in_progress; at most one item is in progress at a time — mark the others pending or completed`,
      });
    }
  });

/** One agent's plan. Each agent has its own: it lives in the closure of the parts that made it. */
export class TodoList {
  private todos: readonly Todo[] = [];

  get items(): readonly Todo[] {
    return this.todos;
  }

  /** Replace the plan with an already validated list (the tool validated it). */
  replace(todos: readonly Todo[]): void {
    this.todos = todos.map((todo) => ({ ...todo }));
  }

  clear(): void {
    this.todos = [];
  }

  get inProgress(): Todo | undefined {
    return this.todos.find((todo) => todo.status === "in_progress");
  }

  get completed(): number {
    return this.todos.filter((todo) => todo.status === "completed").length;
  }

  /** Something is still pending or in progress. */
  get isOpen(): boolean {
    return this.completed < this.todos.length;
  }
}
