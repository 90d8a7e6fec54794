import { mkdir, mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LockError, withLock } from "../src/platform/state/index.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "state-lock-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("withLock", () => {
  it("returns what fn returns and removes its lock folder", async () => {
    const target = path.join(dir, "tasks");
    expect(await withLock(target, async () => 42)).toBe(42);
    expect(await readdir(dir)).not.toContain("tasks.lock");
  });

  it("creates the folder the lock lives in", async () => {
    const target = path.join(dir, "not", "yet", "inbox.jsonl");
    expect(await withLock(target, () => "ok")).toBe("ok");
    expect(await readdir(path.dirname(target))).toEqual([]);
  });

  it("releases the lock when fn throws, and passes the error on", async () => {
    const target = path.join(dir, "throws");
    await expect(withLock(target, () => Promise.reject(new Error("step failed")))).rejects.toThrow("step failed");
    expect(await withLock(target, () => "next caller gets in", { waitMs: 0 })).toBe("next caller gets in");
  });

  it("lets one critical section run at a time: no read-modify-write is lost", async () => {
    const target = path.join(dir, "counter");
    let count = 0;
    let inside = 0;
    let mostInside = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        withLock(target, async () => {
          inside++;
          mostInside = Math.max(mostInside, inside);
          const read = count;
          await setTimeout(1); // give the others every chance to interleave
          count = read + 1;
          inside--;
        }),
      ),
    );
    expect(count).toBe(20);
    expect(mostInside).toBe(1);
  });

  it("gives up with a LockError naming the lock when a live holder keeps it", async () => {
    const target = path.join(dir, "held");
    await mkdir(`${target}.lock`); // fresh: its holder is alive
    const attempt = withLock(target, () => "never", { waitMs: 0 });
    await expect(attempt).rejects.toThrow(LockError);
    await expect(attempt).rejects.toThrow(`${target}.lock is held`);
    await rm(`${target}.lock`, { recursive: true });
  });

  it("takes over a lock left by a dead process once it is stale", async () => {
    const target = path.join(dir, "abandoned");
    await mkdir(`${target}.lock`);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await utimes(`${target}.lock`, aMinuteAgo, aMinuteAgo); // nobody has refreshed it for a minute
    expect(await withLock(target, () => "taken over", { waitMs: 0 })).toBe("taken over");
  });
});
