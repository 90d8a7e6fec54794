/**
 * The state helpers against real processes: concurrent writers, a drainer, a writer killed
 * with SIGKILL mid-write, a lock holder killed with SIGKILL. No assertion depends on speed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAtomicTempFile, readJsonFile, readJsonl, withLock } from "../src/platform/state/index.ts";
import { bundledForNode } from "../src/testing/node-bundle.ts";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const worker = fileURLToPath(new URL("./fixtures/state-worker.ts", import.meta.url));
/** The worker, bundled: plain node starts it (tsx would add a second of CPU to each of a dozen starts). */
let workerJs: string;

/**
 * On Linux, work in /dev/shm (memory): the code path is the same, but an fsync there costs
 * nothing, and these tests are about how processes interleave, not about the disk's speed.
 */
const scratch = existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(scratch, "state-proc-"));
  workerJs = await bundledForNode(worker);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Start the worker script in its own Node process. */
function startWorker(...args: string[]): ChildProcess & { output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [workerJs, ...args], { cwd: packageDir });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      if (code) process.stderr.write(`worker ${args.join(" ")} exited ${code}: ${stderr}\n`);
      resolve(code);
    }),
  );
  return Object.assign(child, { output: () => stdout, exited });
}

/** Resolves once the worker has printed `text`. */
function waitForOutput(child: ReturnType<typeof startWorker>, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (child.output().includes(text)) resolve();
    };
    child.stdout!.on("data", check);
    child.on("exit", () => reject(new Error(`worker exited before printing ${text}: ${child.output()}`)));
    check();
  });
}

describe("state helpers across processes", () => {
  it("10 workers append and increment under the lock while another process drains: nothing lost, nothing twice", async () => {
    const inbox = path.join(dir, "team", "inbox", "lead.jsonl");
    const counter = path.join(dir, "counter.json");
    const stop = path.join(dir, "stop");
    const workers = 10;
    const each = 100;

    const drainer = startWorker("drain", inbox, stop);
    const team = Array.from({ length: workers }, (_, id) => startWorker("work", inbox, counter, String(id), String(each)));
    expect(await Promise.all(team.map((w) => w.exited))).toEqual(Array(workers).fill(0));
    await writeFile(stop, "");
    expect(await drainer.exited).toBe(0);

    const { taken, corrupt } = JSON.parse(drainer.output()) as { taken: { worker: number; seq: number }[]; corrupt: unknown[] };
    expect(corrupt).toEqual([]);
    const keys = taken.map((m) => `${m.worker}:${m.seq}`);
    expect(new Set(keys).size).toBe(keys.length); // no message read twice
    expect(keys.length).toBe(workers * each); // and none lost
    expect(await readJsonl(inbox)).toEqual({ values: [], corrupt: [] });
    // Each worker's messages arrive in the order it sent them.
    for (let id = 0; id < workers; id++) {
      expect(taken.filter((m) => m.worker === id).map((m) => m.seq)).toEqual([...Array(each).keys()]);
    }

    expect(await readJsonFile(counter)).toEqual({ status: "ok", value: { count: workers * each } });
  }, 120_000); // a generous net for a loaded machine; nothing here asserts on speed

  it("a writer killed with SIGKILL mid-write leaves a whole file, and only recognisable temp files", async () => {
    const folder = path.join(dir, "killed");
    const file = path.join(folder, "state.json");
    const writer = startWorker("write-loop", file);
    await waitForOutput(writer, "wrote 3\n");
    writer.kill("SIGKILL");
    await writer.exited;

    const result = await readJsonFile(file);
    expect(result.status).toBe("ok");
    expect((result as { value: { round: number } }).value.round).toBeGreaterThanOrEqual(3);
    // Anything else in the folder is a temp file a loader of *.json never picks up.
    const others = (await readdir(folder)).filter((name) => name !== "state.json");
    for (const name of others) {
      expect(isAtomicTempFile(name)).toBe(true);
      expect(name.endsWith(".json")).toBe(false);
    }
  }, 60_000);

  it("takes over the lock of a process killed with SIGKILL once it is stale", async () => {
    const target = path.join(dir, "tasks");
    const holder = startWorker("hold-lock", target);
    await waitForOutput(holder, "locked\n");
    holder.kill("SIGKILL");
    await holder.exited;

    // The dead holder's lock folder is still there; it stops being refreshed and goes stale.
    expect(await readdir(dir)).toContain("tasks.lock");
    expect(await withLock(target, () => "mine", { staleMs: 2000 })).toBe("mine");
    expect(await readdir(dir)).not.toContain("tasks.lock");
  }, 60_000);
});
