/**
 * The reminder through a real agent: the kernel, the simulator, the real tools. Each test
 * scripts rounds of tool calls and reads the user messages the model was sent.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MessageParam } from "@learn/core";
import { scriptedAgent, tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { MAX_PLAN_ITEM_CHARS } from "../src/todo/list.ts";
import { REMINDER_AFTER_ROUNDS } from "../src/todo/reminder.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace({ "notes.txt": "hello\n" });
});
afterEach(() => ws.cleanup());

const read = { type: "tool_use", name: "read_file", input: { path: "notes.txt" } };
const plan = (status: string) => ({ type: "tool_use", name: "todo_write", input: { todos: [{ content: "Read the notes", status }] } });
const badPlan = { type: "tool_use", name: "todo_write", input: { todos: [{ content: "", status: "pending" }] } };
const answer = { content: [{ type: "text", text: "Done." }] };
const round = (...calls: object[]) => ({ content: calls });
const never = () => new AbortController().signal;

/** The blocks of the user message that answered each round: "result" for a tool_result, else the text. */
function userBlocks(body: unknown): string[] {
  const last = (body as { messages: MessageParam[] }).messages.at(-1)!;
  if (typeof last.content === "string") return [last.content];
  return last.content.map((b) => (b.type === "tool_result" ? "result" : b.type === "text" ? b.text : b.type));
}

async function run(turns: object[], prompts = ["Go."]) {
  const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), ws.dir);
  for (const prompt of prompts) await agent.run(prompt, never());
  expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
  return { agent, simulator, blocks: simulator.requests.map((r) => userBlocks(r.body)) };
}

describe("the plan reminder", () => {
  it(`fires after ${REMINDER_AFTER_ROUNDS} rounds without todo_write while the plan is open, after the results, then counts again`, async () => {
    const { blocks } = await run([round(plan("in_progress")), ...Array(6).fill(round(read, read)), answer]);
    const reminder = "<reminder>Your plan has not changed in 3 rounds of tool calls. It says:\n[>] Read the notes\n(0/1 completed)\n" +
      "Mark finished items completed and the one you are on in_progress with todo_write; if the plan no longer fits, rewrite it.</reminder>";
    expect(blocks.slice(1)).toEqual([
      ["result"], // the plan
      ["result", "result"],
      ["result", "result"],
      ["result", "result", reminder], // third round without todo_write
      ["result", "result"],
      ["result", "result"],
      ["result", "result", reminder], // ignored: said again three rounds later
    ]);
  });

  it("a todo_write in a round resets the count; a todo_write that failed does not", async () => {
    const { blocks } = await run([round(plan("in_progress")), round(read), round(read), round(read, plan("in_progress")), round(read), round(read), round(badPlan), answer]);
    expect(blocks.map((b) => b.filter((x) => x.startsWith("<reminder>")).length)).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it("with no plan at all, suggests one after the same number of rounds", async () => {
    const { blocks } = await run([round(read), round(read), round(read), answer]);
    expect(blocks.at(-1)).toEqual([
      "result",
      "<reminder>3 rounds of tool calls and no plan. If this task has several steps, write them down with todo_write and keep the list current; if it is a small task, carry on.</reminder>",
    ]);
  });

  it("stays quiet when every item is completed", async () => {
    const { blocks } = await run([round(plan("completed")), round(read), round(read), round(read), round(read), answer]);
    expect(blocks.flat().some((b) => b.startsWith("<reminder>"))).toBe(false);
  });

  it("an item longer than a step is refused: the error says so, and the reminder re-sends the plan before it", async () => {
    const long = { type: "tool_use", name: "todo_write", input: { todos: [{ content: "x".repeat(8_000), status: "in_progress" }] } };
    const { simulator, blocks } = await run([round(plan("in_progress")), round(long), round(read), round(read), answer]);
    const results = (simulator.requests[2]!.body as { messages: MessageParam[] }).messages.at(-1)!.content as { type: string; content?: string; is_error?: boolean }[];
    expect(results[0]).toMatchObject({ type: "tool_result", is_error: true, content: expect.stringContaining(`todos.0.content: at most ${MAX_PLAN_ITEM_CHARS} characters`) });
    expect(blocks.flat().filter((b) => b.startsWith("<reminder>"))).toEqual([expect.stringContaining("It says:\n[>] Read the notes\n(0/1 completed)\n")]);
  });

  it("counts from zero at each prompt", async () => {
    const turns = [round(plan("in_progress")), round(read), round(read), answer, round(read), round(read), answer];
    const { blocks } = await run(turns, ["First.", "Second."]);
    expect(blocks.flat().some((b) => b.startsWith("<reminder>"))).toBe(false);
  });

  it("each agent has its own plan and its own count", async () => {
    const script = JSON.stringify({ turns: [round(plan("in_progress")), round(read), round(read), answer] });
    const first = await scriptedAgent(lesson, script, ws.dir);
    await first.agent.run("Go.", never());
    // A second agent from the same lesson: no plan, and its rounds are its own.
    const second = await scriptedAgent(lesson, JSON.stringify({ turns: [round(read), answer] }), ws.dir);
    await second.agent.run("Go.", never());
    expect(await second.agent.commands!.find((c) => c.name === "todos")!.run("")).toMatch(/^No plan yet/);
    expect(await first.agent.commands!.find((c) => c.name === "todos")!.run("")).toBe("[>] Read the notes\n(0/1 completed)");
    expect(second.simulator.requests.flatMap((r) => userBlocks(r.body)).some((b) => b.startsWith("<reminder>"))).toBe(false);
  });

  it("/clear forgets the plan", async () => {
    const { agent } = await run([round(plan("in_progress")), answer]);
    const todos = agent.commands!.find((c) => c.name === "todos")!;
    expect(await todos.run("")).toBe("[>] Read the notes\n(0/1 completed)");
    agent.clear();
    expect(await todos.run("")).toMatch(/^No plan yet/);
  });
});

describe("todo_write and the permission modes", () => {
  it("plan mode allows it (planning is what plan mode is for) and still denies an edit", async () => {
    const edit = { type: "tool_use", name: "edit_file", input: { path: "notes.txt", old_text: "hello", new_text: "bye" } };
    const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns: [round(plan("in_progress"), edit), answer] }), ws.dir, {
      flags: { "permission-mode": "plan" },
    });
    await agent.run("Plan it.", never());
    const results = (simulator.requests[1]!.body as { messages: MessageParam[] }).messages.at(-1)!.content as { content: string; is_error?: boolean }[];
    expect(results[0]).toMatchObject({ content: "The plan is now:\n[>] Read the notes\n(0/1 completed)" });
    expect(results[0]!.is_error).toBeFalsy();
    expect(results[1]).toMatchObject({ is_error: true, content: expect.stringContaining("Denied: plan mode") });
  });

  it("default mode without a terminal: no question, no denial", async () => {
    const { simulator } = await run([round(plan("pending")), answer]);
    const results = (simulator.requests[1]!.body as { messages: MessageParam[] }).messages.at(-1)!.content as { content: string; is_error?: boolean }[];
    expect(results[0]!.is_error).toBeFalsy();
  });
});
