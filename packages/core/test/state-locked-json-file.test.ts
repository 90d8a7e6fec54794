/**
 * The locked JSON file: a missing file is "nothing yet", a broken one is reported and never
 * overwritten, a change reads again inside the lock. Several processes at once: see
 * state-processes.test.ts, whose workers count with it.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { LockedJsonFile, readJsonState } from "../src/platform/state/index.ts";
import { ToolError } from "../src/runtime/tool.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "state-locked-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const Counter = z.looseObject({ count: z.number().int() });
const REFUSAL = /^counter\.json is broken \(.+\), so nothing was changed\. Fix the file or delete it, then try again\.$/;

let n = 0;
/** A fresh file in its own folder, and the store on it. */
async function counterFile(content?: string): Promise<{ file: string; store: LockedJsonFile<z.output<typeof Counter>> }> {
  const folder = path.join(dir, `case-${++n}`);
  await mkdir(folder);
  const file = path.join(folder, "counter.json");
  if (content !== undefined) await writeFile(file, content);
  return { file, store: new LockedJsonFile(file, { shown: "counter.json", schema: Counter, empty: () => ({ count: 0 }) }) };
}

const increment = (data: { count: number }) => ({ data: { ...data, count: data.count + 1 }, result: data.count + 1 });

describe("LockedJsonFile", () => {
  it("reads a missing file as empty, and creates it on the first change", async () => {
    const { file, store } = await counterFile();
    expect(await store.read()).toEqual({ ok: true, data: { count: 0 } });
    expect(await store.update(increment)).toBe(1);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ count: 1 });
  });

  it("keeps keys it does not read (the schema is loose) when it writes the file back", async () => {
    const { file, store } = await counterFile('{ "count": 4, "note": "by hand" }\n');
    await store.update(increment);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ count: 5, note: "by hand" });
  });

  it.each([
    ["not JSON", '{ "count": 1,, }\n', "line 1, column 14: "],
    ["the wrong shape", '{ "count": "one" }\n', "not the expected shape: count: "],
  ])("a file that is %s: the read says why (without its path), a change refuses and leaves it byte for byte", async (_, content, why) => {
    const { file, store } = await counterFile(content);
    const read = await store.read();
    expect(read).toEqual({ ok: false, why: expect.stringContaining(why) });
    expect((read as { why: string }).why).not.toContain(file);
    let edited = false;
    const change = store.update((data) => {
      edited = true;
      return increment(data);
    });
    await expect(change).rejects.toThrow(REFUSAL);
    await expect(change).rejects.toThrow(ToolError); // an expected failure: a tool's result says "Error: …", no stack
    expect(edited).toBe(false);
    expect(await readFile(file, "utf8")).toBe(content);
  });

  it("a folder where the file belongs is broken, named for what it is", async () => {
    const { file, store } = await counterFile();
    await mkdir(file);
    expect(await store.read()).toEqual({ ok: false, why: "a directory, not a regular file" });
    await expect(store.update(increment)).rejects.toThrow(REFUSAL);
    expect((await stat(file)).isDirectory()).toBe(true);
  });

  it("a file that cannot be read at all says so, in the same words as every store", async () => {
    const { file } = await counterFile();
    await writeFile(path.join(path.dirname(file), "parent"), "a file, not a folder");
    const inside = path.join(path.dirname(file), "parent", "counter.json");
    expect(await readJsonState(inside, Counter)).toEqual({ ok: false, why: expect.stringMatching(/^cannot be read: ENOTDIR/) });
  });

  it("whenBroken answers instead of the refusal, and nothing is written", async () => {
    const { file, store } = await counterFile("not json\n");
    expect(await store.update((data) => ({ data, result: "edited" }), (why) => `broken: ${why}`)).toMatch(/^broken: line 1, column 2: /);
    expect(await readFile(file, "utf8")).toBe("not json\n");
  });

  it("an edit that returns no data writes nothing: a missing file stays missing", async () => {
    const { file, store } = await counterFile();
    expect(await store.update((data) => ({ result: data.count }))).toBe(0);
    await expect(stat(file)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("an edit that throws changes nothing and lets go of the lock", async () => {
    const { file, store } = await counterFile('{ "count": 2 }\n');
    await expect(store.update(() => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await readFile(file, "utf8")).toBe('{ "count": 2 }\n');
    expect(await store.update(increment)).toBe(3);
  });

  it("each change reads the file again inside the lock: 20 changes at once from two stores lose none", async () => {
    const { file, store } = await counterFile();
    const other = new LockedJsonFile(file, { shown: "counter.json", schema: Counter, empty: () => ({ count: 0 }) });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? store : other).update(increment)));
    expect(results.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await store.read()).toEqual({ ok: true, data: { count: 20 } });
  });
});

describe("readJsonState", () => {
  it("is undefined for a missing file, and the data for a good one", async () => {
    const { file } = await counterFile();
    expect(await readJsonState(file, Counter)).toBeUndefined();
    await writeFile(file, '{ "count": 7 }');
    expect(await readJsonState(file, Counter)).toEqual({ ok: true, data: { count: 7 } });
  });
});
