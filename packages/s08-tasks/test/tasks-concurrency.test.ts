/**
 * Many writers, one board: creators in this process and in other Node processes take ids
 * at the same time, and a writer is killed with SIGKILL mid-run. The lock makes "highest
 * id + 1, write it" one step, so no two tasks share an id; atomic writes mean a killed
 * writer leaves whole files (and at most a dot-named temp file, which is not a task). No
 * assertion depends on speed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { bundledForNode, useTempWorkspace } from "@learn/core/testing";
import { TaskBoard, TaskSchema } from "../src/tasks/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const boardModule = fileURLToPath(new URL("../src/tasks/index.ts", import.meta.url));
const tasksDir = () => path.join(ws.dir, ".tasks");

/** The board, bundled before the tests: each child starts on plain node, at once. */
let boardJs: string;
beforeAll(async () => {
  boardJs = await bundledForNode(boardModule);
});

/** A Node process creating tasks in `dir`: `count` of them, or forever when count is 0. */
function creator(dir: string, who: string, count: number): ChildProcess {
  const code = `
    const { TaskBoard } = await import(${JSON.stringify(boardJs)});
    const board = await TaskBoard.open(${JSON.stringify(dir)}, { lock: { staleMs: 2000 } });
    for (let i = 0; ${count} === 0 || i < ${count}; i++) {
      await board.create({ subject: "${who} " + i });
      if (i === 0) process.stdout.write("started\\n");
    }
  `;
  return spawn(process.execPath, ["--input-type=module", "-e", code], { cwd: packageDir });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, stderr })));
}

/** Every `<id>.json` in the folder, parsed and checked; throws on the first that is not whole. */
async function parseAll(dir: string) {
  const names = (await readdir(dir)).filter((n) => n.endsWith(".json") && !n.startsWith("."));
  const tasks = [];
  for (const name of names) {
    const task = TaskSchema.parse(JSON.parse(await readFile(path.join(dir, name), "utf8")));
    expect(name).toBe(`${task.id}.json`);
    tasks.push(task);
  }
  return tasks.sort((a, b) => a.id - b.id);
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
/** Enough creates that every creator meets the others at the lock many times; more only waits longer. */
const PER_CREATOR = 40;
const PER_PROCESS = 25;

describe("concurrent creators", () => {
  it(`10 creators × ${PER_CREATOR} creates on two boards in this process: ids 1..${10 * PER_CREATOR}, each once, every file whole`, async () => {
    const boards = await Promise.all([TaskBoard.open(ws.dir), TaskBoard.open(ws.dir)]);
    const created = await Promise.all(
      range(10).map(async (c) => {
        const ids: number[] = [];
        for (let i = 0; i < PER_CREATOR; i++) ids.push((await boards[c % 2]!.create({ subject: `creator ${c} task ${i}` })).id);
        return ids;
      }),
    );
    const ids = created.flat().sort((a, b) => a - b);
    expect(ids).toEqual(range(10 * PER_CREATOR));
    const tasks = await parseAll(tasksDir());
    expect(tasks.map((t) => t.id)).toEqual(range(10 * PER_CREATOR));
    // Each creator's tasks are its own, in the order it made them.
    for (const [c, mine] of created.entries()) {
      expect(mine.map((id) => tasks[id - 1]!.subject)).toEqual(range(PER_CREATOR).map((i) => `creator ${c + 1} task ${i - 1}`));
    }
    expect((await readdir(tasksDir())).filter((n) => !n.endsWith(".json"))).toEqual([]); // no lock, no temp file left
  });

  it(`4 processes × ${PER_PROCESS} creates: no id twice, ${4 * PER_PROCESS} tasks`, async () => {
    const results = await Promise.all(["a", "b", "c", "d"].map((who) => exited(creator(ws.dir, who, PER_PROCESS))));
    for (const result of results) expect(result).toEqual({ code: 0, signal: null, stderr: "" });
    const tasks = await parseAll(tasksDir());
    expect(tasks.map((t) => t.id)).toEqual(range(4 * PER_PROCESS));
    for (const who of ["a", "b", "c", "d"]) {
      expect(tasks.filter((t) => t.subject.startsWith(`${who} `)).map((t) => t.subject).sort()).toEqual(range(PER_PROCESS).map((i) => `${who} ${i - 1}`).sort());
    }
  });

  it("a writer killed with SIGKILL mid-run leaves every task file whole, and the board goes on", async () => {
    const child = creator(ws.dir, "doomed", 0);
    const done = exited(child);
    // Kill it once it has written a few tasks and is busy writing more.
    await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
    while ((await readdir(tasksDir())).filter((n) => /^\d+\.json$/.test(n)).length < 20) {
      if (child.exitCode !== null) throw new Error(`the writer stopped on its own: ${(await done).stderr}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill("SIGKILL");
    expect((await done).signal).toBe("SIGKILL");

    const before = await parseAll(tasksDir());
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(before.map((t) => t.id)).toEqual(range(before.length));
    const board = await TaskBoard.open(ws.dir, { lock: { staleMs: 2000 } });
    expect(board.problems).toEqual([]);
    // If it died holding the lock, the lock is taken over once stale; the next id follows the last whole file.
    const next = await board.create({ subject: "after the crash" });
    expect(next.id).toBe(before.length + 1);
  });
});
