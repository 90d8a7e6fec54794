/**
 * Many claimers, one board: 5 agents each claim "the first task free" until nothing is
 * left, all at once, on 20 tasks. Every task must end up with exactly one owner, and the
 * claims that succeeded must be exactly 20 — a task claimed twice shows up as 21 or more (two
 * agents both told "#7 is yours"), even though its file names only the last. 20 fresh
 * boards in this process (each claimer its own TaskBoard, like separate sessions), then one
 * across Node processes, where only the lock on disk stands between them.
 *
 * With the lock taken out of claim, every repetition here fails: the claimers read the same
 * folder, all take #1, and 90 to 100 claims "succeed". No assertion depends on speed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cp, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect as globalExpect, it, type ExpectStatic } from "vitest";
import { bundledForNode, tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { TaskBoard, TaskSchema } from "../src/tasks/index.ts";
import { claimUntilNone } from "./fixtures/claim/claim-until-none.ts";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const boardModule = fileURLToPath(new URL("../src/tasks/index.ts", import.meta.url));
const claimerModule = fileURLToPath(new URL("./fixtures/claim/claim-until-none.ts", import.meta.url));
const TASKS = 20;
const REPETITIONS = 20;
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Who claimed which ids, in the order each got them. */
type Claims = Record<string, number[]>;

// 20 pending, ownerless, independent tasks, made once by the board and copied into each
// repetition's fresh folder: 50 × 20 creates would be most of this file's time.
let template: TempWorkspace;
/** The board and the claimer, bundled before the tests: each child starts on plain node, at once. */
let boardJs: string;
let claimerJs: string;
beforeAll(async () => {
  [boardJs, claimerJs] = await Promise.all([bundledForNode(boardModule), bundledForNode(claimerModule)]);
  template = await tempWorkspace({});
  const board = await TaskBoard.open(template.dir);
  for (const i of range(TASKS)) await board.create({ subject: `task ${i}` });
});
afterAll(() => template.cleanup());

/** A fresh workspace with a fresh copy of the 20 tasks, removed when the test ends. */
async function freshBoard(onTestFinished: (fn: () => Promise<void>) => void): Promise<string> {
  const ws = await tempWorkspace({ "README.md": "A workspace.\n" });
  onTestFinished(() => ws.cleanup());
  await cp(path.join(template.dir, ".tasks"), path.join(ws.dir, ".tasks"), { recursive: true });
  return ws.dir;
}

/** Every task claimed exactly once, by the claimer whose name its file carries; every file whole. */
async function expectEachClaimedOnce(expect: ExpectStatic, dir: string, claims: Claims): Promise<void> {
  const ids = Object.values(claims).flat();
  expect(ids).toHaveLength(TASKS); // successful claims: one per task, never two
  expect([...ids].sort((a, b) => a - b)).toEqual(range(TASKS));
  const folder = path.join(dir, ".tasks");
  const names = (await readdir(folder)).filter((n) => !n.startsWith("."));
  expect(names.sort()).toEqual(range(TASKS).map((id) => `${id}.json`).sort()); // no lock, no temp file left
  for (const name of names) {
    const task = TaskSchema.parse(JSON.parse(await readFile(path.join(folder, name), "utf8")));
    const claimer = Object.keys(claims).find((who) => claims[who]!.includes(task.id));
    expect({ id: task.id, status: task.status, owner: task.owner }).toEqual({ id: task.id, status: "in_progress", owner: claimer });
  }
}

describe("claimers racing for tasks", () => {
  // Repetitions are independent (each its own folder and lock), so vitest runs a few at once
  // (maxConcurrency, 5): claimers spend most of a repetition waiting for the lock or the disk.
  it.concurrent.for(range(REPETITIONS))("in this process, repetition %i: 5 claimers, 20 tasks, each task claimed once", async (_, { expect, onTestFinished }) => {
    const dir = await freshBoard(onTestFinished);
    const names = ["ann", "bo", "cy", "di", "ed"];
    const boards = await Promise.all(names.map(() => TaskBoard.open(dir)));
    const got = await Promise.all(names.map((name, i) => claimUntilNone(boards[i]!, name)));
    await expectEachClaimedOnce(expect, dir, Object.fromEntries(names.map((name, i) => [name, got[i]!])));
  });

  it("across 3 processes × 2 claimers: the lock holds between processes", async ({ onTestFinished }) => {
    const dir = await freshBoard(onTestFinished);
    const children = ["p", "q", "r"].map((proc) => claimerProcess(dir, [`${proc}1`, `${proc}2`]));
    // Start them together: a process that loaded first would otherwise claim everything alone.
    await Promise.all(children.map((child) => child.ready));
    for (const child of children) child.process.stdin!.end("go\n");
    const results = await Promise.all(children.map((child) => child.done));
    for (const result of results) globalExpect(result.stderr).toBe("");
    const claims: Claims = Object.assign({}, ...results.map((r) => r.claims));
    globalExpect(Object.keys(claims).sort()).toEqual(["p1", "p2", "q1", "q2", "r1", "r2"]);
    await expectEachClaimedOnce(globalExpect, dir, claims);
  });
});

interface ClaimerProcess {
  process: ChildProcess;
  /** Resolves once its boards are open and it waits for "go" on stdin. */
  ready: Promise<void>;
  done: Promise<{ claims: Claims; stderr: string }>;
}

/** A Node process running one claimer per name, each with its own board. */
function claimerProcess(dir: string, names: string[]): ClaimerProcess {
  const code = `
    const { TaskBoard } = await import(${JSON.stringify(boardJs)});
    const { claimUntilNone } = await import(${JSON.stringify(claimerJs)});
    const names = ${JSON.stringify(names)};
    const boards = await Promise.all(names.map(() => TaskBoard.open(${JSON.stringify(dir)})));
    process.stdout.write("ready\\n");
    await new Promise((resolve) => process.stdin.once("data", resolve));
    const got = await Promise.all(names.map((name, i) => claimUntilNone(boards[i], name)));
    process.stdout.write(JSON.stringify(Object.fromEntries(names.map((name, i) => [name, got[i]]))) + "\\n");
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], { cwd: packageDir });
  let stdout = "";
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.startsWith("ready\n")) resolve();
    });
    child.once("close", () => reject(new Error(`a claimer process exited before it was ready: ${stderr}`)));
  });
  const done = new Promise<{ claims: Claims; stderr: string }>((resolve, reject) =>
    // "close", not "exit": by then stdout has been read to its end.
    child.once("close", (code) => {
      if (code !== 0) reject(new Error(`a claimer process exited with ${code}: ${stderr}`));
      else resolve({ claims: JSON.parse(stdout.slice("ready\n".length)) as Claims, stderr });
    }),
  );
  done.catch(() => {}); // a child that fails before "go" is reported by `ready`; `done` is awaited later
  return { process: child, ready, done };
}
