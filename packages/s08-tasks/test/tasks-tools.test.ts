/**
 * The task tools as the model meets them (through `execute`: validation, result text,
 * screen text, refusals as errors it can act on), as the permission policy sees them, and
 * the board as /tasks draws it and as the live-state note re-attaches it after compaction.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testContext, useTempWorkspace } from "@learn/core/testing";
import { TaskBoard, boardState, taskTools, tasksCommand } from "../src/tasks/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });

async function setup() {
  const board = await TaskBoard.open(ws.dir);
  const [create, update, list, get] = taskTools(board);
  return { board, create: create!, update: update!, list: list!, get: get!, ctx: testContext(ws.dir) };
}

describe("the task tools", () => {
  it("create, update, list and get, with results the model reads and lines the screen shows", async () => {
    const { create, update, list, get, ctx } = await setup();
    expect(await create.execute({ subject: "Parse the input" }, ctx)).toEqual({
      content: "Created task #1: Parse the input",
      display: "created .tasks/1.json — #1 Parse the input",
      isError: false,
    });
    await create.execute({ subject: "Write the parser" }, ctx);
    expect((await create.execute({ subject: "Write the tests", description: "vitest", blockedBy: [1, 2] }, ctx)).content).toBe(
      "Created task #3: Write the tests, waiting for #1, #2",
    );
    await update.execute({ id: 1, status: "completed" }, ctx);
    expect(await update.execute({ id: 2, status: "completed" }, ctx)).toEqual({
      content: "Updated task #2: Write the parser [completed]; now ready: #3",
      display: "updated .tasks/2.json — #2 Write the parser [completed]; now ready: #3",
      isError: false,
    });
    await update.execute({ id: 3, status: "in_progress", owner: "alice" }, ctx);
    expect((await list.execute({}, ctx)).content).toBe(
      [
        "3 tasks in .tasks/: 1 ready, 0 blocked, 2 done",
        "Ready:",
        "  #3 Write the tests  [in progress: alice]  ← #1 ✓ ← #2 ✓",
        "Done:",
        "  #1 Parse the input",
        "  #2 Write the parser",
      ].join("\n"),
    );
    const one = (await get.execute({ id: 3 }, ctx)).content;
    expect(one).toContain("#3 Write the tests\nstatus: in_progress (ready to work on)\nowner: alice\nblocked by: #1 (completed), #2 (completed)\nblocks: nothing\n");
    expect(one.endsWith("\n\nvitest")).toBe(true);
  });

  it("turns refusals and bad input into errors the model can act on", async () => {
    const { create, update, get, ctx } = await setup();
    await create.execute({ subject: "one" }, ctx);
    await create.execute({ subject: "two", blockedBy: [1] }, ctx);
    expect(await update.execute({ id: 1, addBlockedBy: [2] }, ctx)).toEqual({
      content: 'Error: #1 cannot wait for #2: that would make a loop in which no task could ever start: #1 → #2 → #1 (→ reads "waits for")',
      isError: true,
    });
    expect((await update.execute({ id: 2, status: "completed" }, ctx)).content).toBe(
      "Error: task #2 cannot be completed yet: it waits for #1 (pending). Finish those first.",
    );
    expect(await get.execute({ id: 9 }, ctx)).toEqual({ content: "Error: no task #9; tasks: #1, #2", isError: true });
    expect((await update.execute({ id: 0 }, ctx)).isError).toBe(true);
    expect((await update.execute({ id: 1, status: "done" }, ctx)).content).toMatch(/^Invalid input for task_update: status: /);
  });

  it("declare what they write and read to the permission policy", async () => {
    const { board, create, update, list, get } = await setup();
    await board.create({ subject: "one" });
    expect([create.permission?.mutating, update.permission?.mutating, list.permission?.mutating, get.permission?.mutating]).toEqual([true, true, false, false]);
    expect(create.permission?.subject?.({ subject: "x", blockedBy: [1] })).toEqual({ writes: [".tasks/2.json", ".tasks/1.json"] });
    expect(update.permission?.subject?.({ id: 3, addBlockedBy: [1], addBlocks: [4] })).toEqual({ writes: [".tasks/3.json", ".tasks/1.json", ".tasks/4.json"] });
    expect(get.permission?.subject?.({ id: 1 })).toEqual({ reads: [".tasks/1.json"] });
    expect(update.summary?.({ id: 3, status: "completed", owner: null })).toBe("#3 completed owner none");
  });
});

describe("/tasks and the live-state note", () => {
  it("draws ready / blocked / done with arrows, and the files it could not load", async () => {
    const { board } = await setup();
    const command = tasksCommand(board);
    expect(await command.run("")).toBe("No tasks yet: the model adds one with task_create, and they are kept in .tasks/ across compaction and sessions.");
    expect(boardState(board)).toBeUndefined();
    await board.create({ subject: "Set up the repo" });
    await board.create({ subject: "Parse the input" });
    await board.create({ subject: "Write the tests", blockedBy: [2] });
    await board.update(1, { status: "completed" });
    await board.update(2, { status: "in_progress", owner: "bob" });
    await writeFile(path.join(ws.dir, ".tasks", "4.json"), "not json");
    const drawn = String(await command.run("")).split("\n");
    expect(drawn.slice(0, -1)).toEqual([
      "3 tasks in .tasks/: 1 ready, 1 blocked, 1 done",
      "Ready:",
      "  #2 Parse the input  [in progress: bob]",
      "Blocked:",
      "  #3 Write the tests  [pending]  ← #2",
      "Done:",
      "  #1 Set up the repo",
      "Not loaded:",
    ]);
    expect(drawn.at(-1)).toMatch(/^ {2}\.tasks\/4\.json: skipped: line 1, column \d+: /);
    expect(boardState(board)).toBe(
      [
        "Open tasks on the board (.tasks/), which survive compaction: 1 ready, 1 blocked. Keep their status current with task_update; task_get reads one in full.",
        "- #2 Parse the input [in_progress, bob]",
        "- #3 Write the tests [pending] waits for #2",
      ].join("\n"),
    );
    await board.update(2, { status: "completed" });
    await board.update(3, { status: "completed" });
    expect(boardState(board)).toBeUndefined();
  });
});
