import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAtomicTempFile, writeFileAtomic } from "../src/platform/state/index.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "state-atomic-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("writeFileAtomic", () => {
  it("creates the file and its parent folders, and leaves nothing else behind", async () => {
    const file = path.join(dir, "new", "deep", "state.json");
    await writeFileAtomic(file, '{"a":1}');
    expect(await readFile(file, "utf8")).toBe('{"a":1}');
    expect(await readdir(path.dirname(file))).toEqual(["state.json"]);
  });

  it("replaces an existing file whole", async () => {
    const file = path.join(dir, "replace.txt");
    await writeFile(file, "old content that is longer than the new one");
    await writeFileAtomic(file, "new");
    expect(await readFile(file, "utf8")).toBe("new");
  });

  it("writes bytes as given", async () => {
    const file = path.join(dir, "bytes.bin");
    await writeFileAtomic(file, new Uint8Array([0, 1, 2, 255]));
    expect([...(await readFile(file))]).toEqual([0, 1, 2, 255]);
  });

  it("removes its temp file when the write fails, and keeps what was there", async () => {
    const folder = path.join(dir, "fails");
    const target = path.join(folder, "state.json");
    await mkdir(path.join(target, "inside"), { recursive: true }); // rename cannot replace a non-empty folder
    await expect(writeFileAtomic(target, "{}")).rejects.toThrow();
    expect(await readdir(folder)).toEqual(["state.json"]);
    expect(await readdir(target)).toEqual(["inside"]);
  });

  it("never lets a reader see a mix of two versions", async () => {
    const file = path.join(dir, "race.txt");
    const a = "a".repeat(256 * 1024);
    const b = "b".repeat(128 * 1024);
    await writeFileAtomic(file, a);
    const seen = new Set<string>();
    const writes = (async () => {
      for (let i = 0; i < 30; i++) await writeFileAtomic(file, i % 2 ? a : b);
    })();
    const reads = (async () => {
      for (let i = 0; i < 60; i++) {
        const text = await readFile(file, "utf8");
        seen.add(text === a ? "a" : text === b ? "b" : `torn (${text.length} chars)`);
      }
    })();
    await Promise.all([writes, reads]);
    expect([...seen].filter((s) => s.startsWith("torn"))).toEqual([]);
  });

  it("gives each concurrent writer its own temp file; the last rename wins whole", async () => {
    const file = path.join(dir, "many.txt");
    const contents = Array.from({ length: 20 }, (_, i) => `writer ${i} `.repeat(1000));
    await Promise.all(contents.map((c) => writeFileAtomic(file, c)));
    expect(contents).toContain(await readFile(file, "utf8"));
    expect((await readdir(dir)).filter(isAtomicTempFile)).toEqual([]);
  });
});

describe("isAtomicTempFile", () => {
  it.each([
    [".3.json.4711.0123456789ab.tmp", true],
    ["/some/folder/.lead.jsonl.1.abcdefabcdef.tmp", true],
    ["3.json", false],
    [".3.json", false],
    ["notes.tmp", false],
  ])("%s → %s", (name, expected) => {
    expect(isAtomicTempFile(name)).toBe(expected);
  });
});
