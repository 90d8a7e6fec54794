/**
 * The task board's rules, on real files in a temporary workspace: ids, both sides of a
 * dependency, loops refused with the loop named, readiness computed from what is done,
 * completed being final, and a broken task file reported by name while the rest works.
 */
import { readdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempWorkspace } from "@learn/core/testing";
import { MAX_TASK_ID, TaskBoard, TaskSchema, describeIds, groupTasks } from "../src/tasks/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const fileOf = (id: number) => path.join(ws.dir, ".tasks", `${id}.json`);
const onDisk = async (id: number) => TaskSchema.parse(JSON.parse(await readFile(fileOf(id), "utf8")));
const clock = () => new Date("2026-12-01T10:00:00.000Z");

/** A board with tasks "one" .. "n". */
async function boardWith(n: number): Promise<TaskBoard> {
  const board = await TaskBoard.open(ws.dir, { now: clock });
  for (let i = 1; i <= n; i++) await board.create({ subject: `task ${i}` });
  return board;
}

describe("create, list, get", () => {
  it("writes .tasks/<id>.json with the next id, and reads it back", async () => {
    const board = await TaskBoard.open(ws.dir, { now: clock });
    expect(board.list()).toEqual([]);
    const first = await board.create({ subject: "  Parse the input ", description: "CSV only" });
    expect(first).toEqual({
      id: 1,
      subject: "Parse the input",
      description: "CSV only",
      status: "pending",
      owner: null,
      blockedBy: [],
      blocks: [],
      createdAt: "2026-12-01T10:00:00.000Z",
      updatedAt: "2026-12-01T10:00:00.000Z",
    });
    expect(await onDisk(1)).toEqual(first);
    await board.create({ subject: "Write the tests" });
    const fresh = await TaskBoard.open(ws.dir);
    expect(fresh.list().map((t) => [t.id, t.subject])).toEqual([[1, "Parse the input"], [2, "Write the tests"]]);
    expect(fresh.get(2)?.subject).toBe("Write the tests");
    expect(fresh.get(3)).toBeUndefined();
    expect(fresh.problems).toEqual([]);
  });

  it("refuses an empty or multi-line subject, and writes nothing", async () => {
    const board = await TaskBoard.open(ws.dir);
    await expect(board.create({ subject: "  " })).rejects.toThrow("cannot create this task: subject must not be empty");
    await expect(board.create({ subject: "a\nb" })).rejects.toThrow("subject must be one line");
    await board.reload();
    expect(board.list()).toEqual([]);
  });

  it("updates status and owner, keeping keys a person added by hand", async () => {
    const board = await boardWith(1);
    const raw = JSON.parse(await readFile(fileOf(1), "utf8"));
    await writeFile(fileOf(1), JSON.stringify({ ...raw, priority: "high" }));
    const later = new Date("2026-12-01T11:00:00.000Z");
    const updated = await (await TaskBoard.open(ws.dir, { now: () => later })).update(1, { status: "in_progress", owner: "alice" });
    expect(updated).toMatchObject({ status: "in_progress", owner: "alice", updatedAt: later.toISOString(), createdAt: clock().toISOString() });
    expect(await onDisk(1)).toMatchObject({ status: "in_progress", owner: "alice", priority: "high" });
    await board.update(1, { owner: null });
    expect((await onDisk(1)).owner).toBeNull();
  });
});

describe("dependencies", () => {
  it("are kept on both sides, from either side and at creation", async () => {
    const board = await boardWith(5);
    await board.update(5, { addBlockedBy: [2] });
    expect((await onDisk(5)).blockedBy).toEqual([2]);
    expect((await onDisk(2)).blocks).toEqual([5]);
    await board.update(1, { addBlocks: [3, 4] });
    expect((await onDisk(1)).blocks).toEqual([3, 4]);
    expect((await onDisk(3)).blockedBy).toEqual([1]);
    expect((await onDisk(4)).blockedBy).toEqual([1]);
    const six = await board.create({ subject: "task 6", blockedBy: [1, 2] });
    expect(six.blockedBy).toEqual([1, 2]);
    expect((await onDisk(1)).blocks).toEqual([3, 4, 6]);
    expect((await onDisk(2)).blocks).toEqual([5, 6]);
    // Adding a link that exists changes nothing.
    await board.update(5, { addBlockedBy: [2] });
    expect((await onDisk(2)).blocks).toEqual([5, 6]);
  });

  it("refuses a 2-cycle and a 3-cycle, naming the loop, and writes nothing", async () => {
    const board = await boardWith(5);
    await board.update(3, { addBlockedBy: [5] });
    await expect(board.update(5, { addBlockedBy: [3] })).rejects.toThrow(
      '#5 cannot wait for #3: that would make a loop in which no task could ever start: #5 → #3 → #5 (→ reads "waits for")',
    );
    await expect(board.update(3, { addBlocks: [5] })).rejects.toThrow("#5 → #3 → #5");
    await board.update(1, { addBlockedBy: [2] });
    await board.update(2, { addBlockedBy: [4] });
    await expect(board.update(4, { addBlockedBy: [1] })).rejects.toThrow("#4 → #1 → #2 → #4");
    expect((await onDisk(4)).blockedBy).toEqual([]);
    expect((await onDisk(1)).blocks).toEqual([]);
  });

  it("refuses a task waiting for itself", async () => {
    const board = await boardWith(2);
    await expect(board.update(2, { addBlockedBy: [2] })).rejects.toThrow("task #2 cannot wait for itself");
    await expect(board.update(2, { addBlocks: [2] })).rejects.toThrow("task #2 cannot wait for itself");
  });

  it("refuses an unknown id, listing the ids that exist", async () => {
    const board = await boardWith(4);
    await board.create({ subject: "task 7" }); // id 5
    await expect(board.update(9, { status: "completed" })).rejects.toThrow("no task #9; tasks: #1–#5");
    await expect(board.update(1, { addBlockedBy: [9] })).rejects.toThrow("no task #9; tasks: #1–#5");
    await expect(board.create({ subject: "x", blockedBy: [9] })).rejects.toThrow("no task #9; tasks: #1–#5");
    expect((await TaskBoard.open(ws.dir)).list()).toHaveLength(5); // the refused create wrote nothing
    const empty = await TaskBoard.open(path.join(ws.dir, "elsewhere"));
    await expect(empty.update(1, {})).rejects.toThrow("no task #1; the board has no tasks yet");
    expect(describeIds([1, 2, 3, 4, 7, 9, 10])).toBe("#1–#4, #7, #9, #10");
  });

  it("completing a task unblocks the tasks that wait for it; it is still listed in their blockedBy", async () => {
    const board = await boardWith(3);
    await board.update(3, { addBlockedBy: [1, 2] });
    const groups = () => {
      const g = groupTasks(board.list());
      return { ready: g.ready.map((t) => t.id), blocked: g.blocked.map((t) => t.id), done: g.done.map((t) => t.id) };
    };
    expect(groups()).toEqual({ ready: [1, 2], blocked: [3], done: [] });
    await expect(board.update(3, { status: "in_progress" })).rejects.toThrow(
      "task #3 cannot be started yet: it waits for #1 (pending), #2 (pending). Finish those first.",
    );
    await board.update(1, { status: "completed" });
    expect(groups()).toEqual({ ready: [2], blocked: [3], done: [1] });
    await board.update(2, { status: "in_progress" });
    await board.update(2, { status: "completed" });
    expect(groups()).toEqual({ ready: [3], blocked: [], done: [1, 2] });
    expect((await onDisk(3)).blockedBy).toEqual([1, 2]);
    await board.update(3, { status: "completed" });
  });
});

describe("status changes", () => {
  it("completed is final; in progress may be handed back", async () => {
    const board = await boardWith(2);
    await board.update(1, { status: "in_progress", owner: "alice" });
    await board.update(1, { status: "pending" });
    await board.update(1, { status: "completed" });
    for (const status of ["pending", "in_progress"] as const) {
      await expect(board.update(1, { status })).rejects.toThrow(
        "task #1 is completed and stays completed (tasks that waited for it may already have started). If work remains, create a new task for it.",
      );
    }
    await expect(board.update(1, { addBlockedBy: [2] })).rejects.toThrow("task #1 is completed: it cannot start waiting for #2 now");
    expect((await onDisk(1)).status).toBe("completed");
  });
});

describe("a broken task file", () => {
  it("is reported by name and skipped; the rest of the board works, and its id is never reused", async () => {
    const board = await boardWith(3);
    await writeFile(fileOf(2), '{ "id": 2, "subject": "half\n');
    await writeFile(path.join(ws.dir, ".tasks", "notes.json"), "{}");
    const raw = JSON.parse(await readFile(fileOf(3), "utf8"));
    await writeFile(fileOf(3), JSON.stringify({ ...raw, status: "done" }));
    await board.reload();
    expect(board.list().map((t) => t.id)).toEqual([1]);
    expect(board.problems).toEqual([
      expect.stringMatching(/^\.tasks\/2\.json: skipped: line \d+, column \d+: /),
      expect.stringMatching(/^\.tasks\/3\.json: skipped: not the expected shape: status: expected one of pending, in_progress, completed$/),
      ".tasks/notes.json: skipped: not a task file name (tasks are <id>.json, e.g. 3.json)",
    ]);
    const four = await board.create({ subject: "task 4" });
    expect(four.id).toBe(4);
    await board.update(1, { status: "completed" });
    await expect(board.update(2, { status: "completed" })).rejects.toThrow(
      "no task #2 (.tasks/2.json exists but could not be read: see /tasks); tasks: #1, #4",
    );
    expect(await readFile(fileOf(2), "utf8")).toBe('{ "id": 2, "subject": "half\n'); // left for a person to fix
  });

  it("whose name's id is past MAX_TASK_ID is reported, never read, and no new id is counted from it", async () => {
    await boardWith(2);
    const raw = JSON.parse(await readFile(fileOf(1), "utf8"));
    const planted = JSON.stringify({ ...raw, id: 9007199254740992, subject: "planted" });
    const huge = ["9007199254740992.json", "9007199254740993.json", `${"9".repeat(200)}.json`];
    for (const name of huge) await writeFile(path.join(ws.dir, ".tasks", name), planted);
    await writeFile(path.join(ws.dir, ".tasks", "007.json"), planted); // not the one way an id is written
    const board = await TaskBoard.open(ws.dir, { now: clock });
    expect(board.list().map((t) => t.id)).toEqual([1, 2]);
    expect(board.problems).toEqual([
      ".tasks/007.json: skipped: not a task file name (tasks are <id>.json, e.g. 3.json)",
      ...[...huge].sort().map((name) => `.tasks/${name}: skipped: its id is larger than ${MAX_TASK_ID}, the largest a task id can be: it is not read as a task, and no new id is counted from it`),
    ]);
    expect(board.nextId()).toBe(3);
    expect((await board.create({ subject: "task 3" })).id).toBe(3);
    for (const name of huge) expect(await readFile(path.join(ws.dir, ".tasks", name), "utf8")).toBe(planted);
  });

  it("at the largest id a task can have, a create is refused and nothing is overwritten", async () => {
    const board = await boardWith(1);
    const raw = JSON.parse(await readFile(fileOf(1), "utf8"));
    const last = JSON.stringify({ ...raw, id: MAX_TASK_ID, subject: "the last" });
    await writeFile(fileOf(MAX_TASK_ID), last);
    await board.reload();
    expect(board.list().map((t) => t.id)).toEqual([1, MAX_TASK_ID]);
    await expect(board.create({ subject: "one more" })).rejects.toThrow(
      `cannot create a task: .tasks/${MAX_TASK_ID}.json has the largest id a task can have, so no id is left after it; rename or remove that file`,
    );
    expect(await readFile(fileOf(MAX_TASK_ID), "utf8")).toBe(last);
    expect((await readdir(path.join(ws.dir, ".tasks"))).filter((n) => !n.startsWith("."))).toEqual(["1.json", `${MAX_TASK_ID}.json`]);
  });

  it("whose id disagrees with its name is reported", async () => {
    await boardWith(1);
    const raw = JSON.parse(await readFile(fileOf(1), "utf8"));
    await writeFile(fileOf(7), JSON.stringify({ ...raw, id: 8 }));
    expect((await TaskBoard.open(ws.dir)).problems).toEqual([".tasks/7.json: skipped: it says it is task 8, but its file name says 7"]);
  });

  it("that cannot be read at all is skipped in the words of every other JSON state file (cannot be read: …)", async () => {
    await boardWith(1);
    // A link through a file: opening it fails with ENOTDIR, an error no reader turns into a verdict of its own.
    await writeFile(path.join(ws.dir, "plain.txt"), "a file\n");
    await symlink(path.join(ws.dir, "plain.txt", "inside.json"), fileOf(2));
    expect((await TaskBoard.open(ws.dir)).problems).toEqual([expect.stringMatching(/^\.tasks\/2\.json: skipped: cannot be read: ENOTDIR\b/)]);
  });
});
