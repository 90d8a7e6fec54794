/** The plan's rules, as a table: what a valid list is, and what each bad one is told. */
import { describe, expect, it } from "vitest";
import { testContext, type RecordingRenderer } from "@learn/core/testing";
import { MAX_PLAN_ITEMS, MAX_PLAN_ITEM_CHARS, TodoList, type Todo } from "../src/todo/list.ts";
import { planState, renderTodos, spinnerText } from "../src/todo/render.ts";
import { todosCommand } from "../src/todo/command.ts";
import { todoWriteTool } from "../src/todo/tool.ts";

const item = (content: string, status: Todo["status"] = "pending", activeForm?: string): Todo => ({ content, status, ...(activeForm ? { activeForm } : {}) });
const PLAN = [item("Run the tests", "completed"), item("Name the limit", "in_progress", "Naming the limit"), item("Run the tests again")];

function setup() {
  const list = new TodoList();
  const tool = todoWriteTool(list);
  const ctx = testContext("/work/ws");
  return { list, tool, ctx, renderer: ctx.renderer as RecordingRenderer };
}

describe("todo_write validation", () => {
  const bad: [string, unknown, string][] = [
    ["no todos field", {}, "todos: "],
    ["todos not a list", { todos: "run the tests" }, "todos: "],
    ["an empty content", { todos: [item("")] }, "todos.0.content: must not be empty"],
    ["a content of spaces", { todos: [item("   ")] }, "todos.0.content: must not be empty"],
    ["an unknown status", { todos: [{ content: "x", status: "done" }] }, "todos.0.status: "],
    ["a missing status", { todos: [{ content: "x" }] }, "todos.0.status: "],
    ["an empty activeForm", { todos: [item("x", "pending", " ")] }, "todos.0.activeForm: must not be empty"],
    ["two items in progress", { todos: [item("a", "in_progress"), item("b"), item("c", "in_progress")] }, "items 1, 3 are all in_progress; at most one item is in progress at a time"],
    ["a content longer than a step", { todos: [item("x".repeat(MAX_PLAN_ITEM_CHARS + 1))] }, `todos.0.content: at most ${MAX_PLAN_ITEM_CHARS} characters`],
    ["an activeForm longer than a step", { todos: [item("x", "pending", "y".repeat(MAX_PLAN_ITEM_CHARS + 1))] }, `todos.0.activeForm: at most ${MAX_PLAN_ITEM_CHARS} characters`],
    ["too many items", { todos: Array.from({ length: MAX_PLAN_ITEMS + 1 }, (_, i) => item(`step ${i}`)) }, `a plan has at most ${MAX_PLAN_ITEMS} items`],
  ];
  for (const [what, input, message] of bad) {
    it(`${what}: an error that says so, and the previous plan stays`, async () => {
      const { list, tool, ctx } = setup();
      await tool.execute({ todos: PLAN }, ctx);
      const outcome = await tool.execute(input, ctx);
      expect(outcome.isError).toBe(true);
      expect(outcome.content).toMatch(/^Invalid input for todo_write: /);
      expect(outcome.content).toContain(message);
      expect(list.items).toEqual(PLAN);
    });
  }

  it("a valid list replaces the whole plan; the result is the plan the model now holds", async () => {
    const { list, tool, ctx } = setup();
    await tool.execute({ todos: PLAN }, ctx);
    const outcome = await tool.execute({ todos: [item("Only this", "in_progress")] }, ctx);
    expect(outcome).toEqual({ isError: false, content: "The plan is now:\n[>] Only this\n(0/1 completed)", display: "[>] Only this\n(0/1 completed)" });
    expect(list.items).toEqual([item("Only this", "in_progress")]);
  });

  it("takes exactly 20 items, trims content, and ignores fields it does not know (an older TodoWrite's id)", async () => {
    const { list, tool, ctx } = setup();
    const twenty = Array.from({ length: MAX_PLAN_ITEMS }, (_, i) => ({ ...item(`  step ${i}  `), id: String(i) }));
    expect((await tool.execute({ todos: twenty }, ctx)).isError).toBe(false);
    expect(list.items).toHaveLength(20);
    expect(list.items[0]).toEqual(item("step 0"));
  });

  it(`takes an item of exactly ${MAX_PLAN_ITEM_CHARS} characters (after trimming)`, async () => {
    const { list, tool, ctx } = setup();
    const long = "x".repeat(MAX_PLAN_ITEM_CHARS);
    expect((await tool.execute({ todos: [item(`  ${long}  `, "in_progress", long)] }, ctx)).isError).toBe(false);
    expect(list.items[0]!.content).toBe(long);
  });

  it("an empty list clears the plan", async () => {
    const { list, tool, ctx } = setup();
    await tool.execute({ todos: PLAN }, ctx);
    expect(await tool.execute({ todos: [] }, ctx)).toEqual({ isError: false, content: "The plan is now:\n(no items)", display: "(no items)" });
    expect(list.items).toEqual([]);
  });

  it("is Claude Code's TodoWrite, changes nothing outside the agent, and shows the model its schema", () => {
    const { tool } = setup();
    expect(tool.permission?.mutating).toBe(false);
    expect(tool.permission?.claudeCode).toEqual({ name: "TodoWrite" });
    const todos = (tool.spec.input_schema.properties as Record<string, { maxItems?: number; items?: { properties?: object; required?: string[] } }>).todos!;
    expect(todos.maxItems).toBe(MAX_PLAN_ITEMS);
    expect(Object.keys(todos.items!.properties!)).toEqual(["content", "status", "activeForm"]);
    expect(todos.items!.required).toEqual(["content", "status"]);
  });
});

describe("rendering", () => {
  it("boxes for each status and the count", () => {
    expect(renderTodos(PLAN)).toBe("[x] Run the tests\n[>] Name the limit\n[ ] Run the tests again\n(1/3 completed)");
  });

  it("as live state to carry over a compaction: the plan in a <plan> block; nothing without a plan", () => {
    expect(planState({ items: PLAN })).toBe(`<plan>\nThe plan you were following (todo_write):\n${renderTodos(PLAN)}\n</plan>`);
    expect(planState({ items: [] })).toBeUndefined();
  });

  it("the screen shows the plan as the result (the model reads a sentence more), and the spinner the item in progress (its activeForm, else its content)", async () => {
    const { tool, ctx, renderer } = setup();
    const shown = [
      (await tool.execute({ todos: PLAN }, ctx)).display,
      (await tool.execute({ todos: [item("Deploy", "in_progress")] }, ctx)).display,
      (await tool.execute({ todos: [item("Deploy", "completed")] }, ctx)).display,
    ];
    expect(shown).toEqual([
      "[x] Run the tests\n[>] Name the limit\n[ ] Run the tests again\n(1/3 completed)",
      "[>] Deploy\n(0/1 completed)",
      "[x] Deploy\n(1/1 completed)",
    ]);
    expect(renderer.events).toEqual([
      { kind: "status", text: "Naming the limit" },
      { kind: "status", text: "Deploy" },
      { kind: "status", text: undefined },
    ]);
    expect(spinnerText([])).toBeUndefined();
  });

  it("/todos shows the plan, or says there is none", async () => {
    const { list, tool, ctx } = setup();
    const command = todosCommand(list);
    expect(await command.run("")).toBe("No plan yet: the model writes one with todo_write when a task has several steps.");
    await tool.execute({ todos: PLAN }, ctx);
    expect(await command.run("")).toBe(renderTodos(PLAN));
  });
});
