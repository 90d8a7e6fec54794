/**
 * Claiming a task on real files: by id and "the first one free", each refusal with the
 * message an agent reads, what a claim writes (owner and status, nothing else), and a broken
 * file elsewhere on the board not standing in the way.
 */
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ToolError } from "@learn/core";
import { useTempWorkspace } from "@learn/core/testing";
import { TaskBoard, TaskSchema, claimRefusal, claimable, firstClaimable } from "../src/tasks/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const fileOf = (id: number) => path.join(ws.dir, ".tasks", `${id}.json`);
const onDisk = async (id: number) => TaskSchema.parse(JSON.parse(await readFile(fileOf(id), "utf8")));
const created = new Date("2026-12-01T10:00:00.000Z");
const later = new Date("2026-12-01T11:00:00.000Z");

/** A board with tasks "task 1" .. "task n", created at 10:00; changes made through it are stamped 11:00. */
async function boardWith(n: number): Promise<TaskBoard> {
  const setup = await TaskBoard.open(ws.dir, { now: () => created });
  for (let i = 1; i <= n; i++) await setup.create({ subject: `task ${i}` });
  return TaskBoard.open(ws.dir, { now: () => later });
}

describe("claim", () => {
  it("by id: the task becomes in_progress, owned by the claimer, stamped; only its file changes", async () => {
    const board = await boardWith(3);
    await board.update(3, { addBlockedBy: [2] });
    const before = { 1: await readFile(fileOf(1), "utf8"), 3: await readFile(fileOf(3), "utf8") };

    const claimed = await board.claim("  alice ", 2);
    expect(claimed).toEqual({
      id: 2,
      subject: "task 2",
      description: "",
      status: "in_progress",
      owner: "alice",
      blockedBy: [],
      blocks: [3],
      createdAt: created.toISOString(),
      updatedAt: later.toISOString(),
    });
    expect(await onDisk(2)).toEqual(claimed);
    // The link stays on both sides; the other files are untouched, byte for byte.
    expect((await onDisk(3)).blockedBy).toEqual([2]);
    expect(await readFile(fileOf(1), "utf8")).toBe(before[1]);
    expect(await readFile(fileOf(3), "utf8")).toBe(before[3]);
    expect(board.get(2)).toEqual(claimed); // the board that claimed knows it
    expect((await readdir(path.join(ws.dir, ".tasks"))).sort()).toEqual(["1.json", "2.json", "3.json"]); // no lock, no temp file left
  });

  it("without an id: the lowest-id task that is pending, ownerless and ready, skipping the others", async () => {
    const board = await boardWith(6);
    await board.update(1, { status: "in_progress", owner: "bob" });
    await board.update(2, { owner: "carol" }); // assigned, not started: still someone's
    await board.update(3, { addBlockedBy: [1] }); // waits for #1, which is in progress
    await board.update(4, { status: "completed" });
    expect((await board.claim("alice")).id).toBe(5);
    expect((await board.claim("dave")).id).toBe(6);
    await board.update(1, { status: "completed" }); // #3 is ready now
    expect(await board.claim("alice")).toMatchObject({ id: 3, owner: "alice", status: "in_progress", blockedBy: [1] });
  });

  it("sees what another board (another agent) claimed since it last read", async () => {
    const mine = await boardWith(2);
    const theirs = await TaskBoard.open(ws.dir);
    expect((await theirs.claim("bob")).id).toBe(1);
    expect(mine.get(1)?.owner).toBeNull(); // stale, as of its last read
    expect((await mine.claim("alice")).id).toBe(2);
    await expect(mine.claim("alice", 1)).rejects.toThrow("task #1 is in_progress, not pending (owner: bob)");
  });
});

describe("claim refusals", () => {
  it("says why, as a ToolError, and writes nothing", async () => {
    const board = await boardWith(5);
    await board.update(1, { status: "in_progress", owner: "bob" });
    await board.update(2, { owner: "carol" });
    await board.update(3, { status: "completed" });
    await board.update(4, { addBlockedBy: [1, 2] });
    await board.update(5, { status: "in_progress" });
    const files = async () => Promise.all([1, 2, 3, 4, 5].map((id) => readFile(fileOf(id), "utf8")));
    const before = await files();

    const refusals: [number, string][] = [
      [1, "task #1 is in_progress, not pending (owner: bob)"],
      [2, "task #2 is already owned by carol"],
      [3, "task #3 is completed, not pending"],
      [4, "task #4 waits for #1 (in_progress), #2 (pending), not completed yet"],
      [5, "task #5 is in_progress, not pending"],
      [9, "no task #9; tasks: #1–#5"],
    ];
    for (const [id, message] of refusals) {
      const refused = board.claim("alice", id);
      await expect(refused).rejects.toThrow(ToolError);
      await expect(refused).rejects.toThrow(message);
    }
    await expect(board.claim("alice")).rejects.toThrow(
      "no task to claim: nothing is pending, ownerless and ready (1 pending waits for unfinished tasks; 1 pending already owned)",
    );
    expect(await files()).toEqual(before);
  });

  it("an empty board, and one where everything is done", async () => {
    const empty = await TaskBoard.open(ws.dir);
    await expect(empty.claim("alice")).rejects.toThrow(/^no task to claim: nothing is pending, ownerless and ready$/);
    await expect(empty.claim("alice", 1)).rejects.toThrow("no task #1; the board has no tasks yet");
    const board = await boardWith(1);
    await board.update(1, { status: "completed" });
    await expect(board.claim("alice")).rejects.toThrow(/^no task to claim: nothing is pending, ownerless and ready$/);
  });

  it("an owner must be a name", async () => {
    const board = await boardWith(1);
    for (const owner of ["", "   "]) {
      await expect(board.claim(owner)).rejects.toThrow("a claim needs an owner: the name of the agent taking the task");
    }
    expect((await onDisk(1)).owner).toBeNull();
  });

  it(".tasks as a file is refused without touching it", async () => {
    await writeFile(path.join(ws.dir, ".tasks"), "not a folder");
    const board = await TaskBoard.open(ws.dir);
    await expect(board.claim("alice")).rejects.toThrow(".tasks is a file, not a folder");
    expect(await readFile(path.join(ws.dir, ".tasks"), "utf8")).toBe("not a folder");
  });
});

describe("a broken task file", () => {
  it("elsewhere on the board does not stop a claim; a task waiting for it is not ready", async () => {
    const board = await boardWith(4);
    await board.update(4, { addBlockedBy: [2] });
    await writeFile(fileOf(1), '{ "id": 1, "subject": "half\n');
    await writeFile(fileOf(2), "{}");
    // #1 and #2 cannot be read, #4 waits for the unreadable #2: #3 is the first one free.
    expect(await board.claim("alice")).toMatchObject({ id: 3, owner: "alice" });
    expect(board.problems).toEqual([expect.stringMatching(/^\.tasks\/1\.json: skipped: /), expect.stringMatching(/^\.tasks\/2\.json: skipped: /)]);
    await expect(board.claim("alice", 4)).rejects.toThrow("task #4 waits for #2 (unreadable), not completed yet");
    await expect(board.claim("alice", 1)).rejects.toThrow("no task #1 (.tasks/1.json exists but could not be read: see /tasks); tasks: #3, #4");
    await expect(board.claim("alice")).rejects.toThrow("no task to claim: nothing is pending, ownerless and ready (1 pending waits for unfinished tasks)");
    expect(await readFile(fileOf(1), "utf8")).toBe('{ "id": 1, "subject": "half\n'); // left for a person to fix
  });
});

describe("claimable, claimRefusal, firstClaimable", () => {
  it("answer on a list of tasks, without the board", async () => {
    const board = await boardWith(3);
    await board.update(3, { addBlockedBy: [2] });
    await board.update(1, { owner: "bob" });
    const tasks = board.list();
    const byId = new Map(tasks.map((t) => [t.id, t]));
    expect(tasks.map((t) => claimable(t, byId))).toEqual([false, true, false]);
    expect(claimRefusal(tasks[0]!, byId)).toBe("task #1 is already owned by bob");
    expect(claimRefusal(tasks[1]!, byId)).toBeUndefined();
    expect(firstClaimable(tasks)?.id).toBe(2);
    expect(firstClaimable([...tasks].reverse())?.id).toBe(2); // by id, whatever the order given
    expect(firstClaimable([])).toBeUndefined();
  });
});
