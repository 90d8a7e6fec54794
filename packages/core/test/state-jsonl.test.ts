import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { appendJsonl, drainJsonl, readJsonl } from "../src/platform/state/index.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "state-jsonl-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const messageSchema = z.object({ from: z.string(), text: z.string() });

describe("appendJsonl / readJsonl", () => {
  it("appends one line per value, creating the folders, and reads them back in order", async () => {
    const file = path.join(dir, "team", "inbox", "alice.jsonl");
    await appendJsonl(file, { from: "lead", text: "hi" });
    await appendJsonl(file, { from: "bob", text: "two\nlines" }); // a newline in a value stays escaped
    expect(await readFile(file, "utf8")).toBe('{"from":"lead","text":"hi"}\n{"from":"bob","text":"two\\nlines"}\n');
    expect(await readJsonl(file, messageSchema)).toEqual({
      values: [
        { from: "lead", text: "hi" },
        { from: "bob", text: "two\nlines" },
      ],
      corrupt: [],
    });
  });

  it("reads a missing file as empty", async () => {
    expect(await readJsonl(path.join(dir, "none.jsonl"))).toEqual({ values: [], corrupt: [] });
  });

  it("reports a corrupt line by number and still returns the others", async () => {
    const file = path.join(dir, "corrupt.jsonl");
    await writeFile(file, '{"n":1}\n{"n":2\n\n{"n":3}\n');
    const { values, corrupt } = await readJsonl(file);
    expect(values).toEqual([{ n: 1 }, { n: 3 }]);
    expect(corrupt).toHaveLength(1);
    expect(corrupt[0]).toMatchObject({ line: 2, text: '{"n":2' });
    expect(corrupt[0]!.error).toMatch(`${file} line 2: line 1, column 7: `);
  });

  it("reports a line of the wrong shape against the schema", async () => {
    const file = path.join(dir, "shape.jsonl");
    await writeFile(file, '{"from":"lead","text":"ok"}\n{"from":"lead"}\n');
    const { values, corrupt } = await readJsonl(file, messageSchema);
    expect(values).toEqual([{ from: "lead", text: "ok" }]);
    expect(corrupt).toEqual([
      {
        line: 2,
        text: '{"from":"lead"}',
        error: `${file} line 2: not the expected shape: text: Invalid input: expected string, received undefined`,
      },
    ]);
  });

  it("keeps a new line whole after a writer died mid-line", async () => {
    const file = path.join(dir, "torn.jsonl");
    await writeFile(file, '{"n":1}\n{"n":2, "te'); // killed before finishing its line
    await appendJsonl(file, { n: 3 });
    const { values, corrupt } = await readJsonl(file);
    expect(values).toEqual([{ n: 1 }, { n: 3 }]);
    expect(corrupt.map((c) => [c.line, c.text])).toEqual([[2, '{"n":2, "te']]);
  });

  it("refuses a value that is not JSON", async () => {
    const file = path.join(dir, "undefined.jsonl");
    await expect(appendJsonl(file, undefined)).rejects.toThrow(`cannot append undefined to ${file}`);
    expect(await readJsonl(file)).toEqual({ values: [], corrupt: [] });
  });
});

describe("drainJsonl", () => {
  it("takes every line and leaves the file empty", async () => {
    const file = path.join(dir, "drain.jsonl");
    for (const n of [1, 2, 3]) await appendJsonl(file, { n });
    expect(await drainJsonl(file)).toEqual({ values: [{ n: 1 }, { n: 2 }, { n: 3 }], corrupt: [] });
    expect(await readFile(file, "utf8")).toBe("");
    expect(await drainJsonl(file)).toEqual({ values: [], corrupt: [] });
    await appendJsonl(file, { n: 4 });
    expect(await drainJsonl(file)).toEqual({ values: [{ n: 4 }], corrupt: [] });
  });

  it("drains a missing mailbox as empty", async () => {
    expect(await drainJsonl(path.join(dir, "nobody.jsonl"))).toEqual({ values: [], corrupt: [] });
  });

  it("takes corrupt lines out too, handing their text back", async () => {
    const file = path.join(dir, "drain-corrupt.jsonl");
    await writeFile(file, '{"from":"a","text":"x"}\nnot json\n{"from":"b"}\n');
    const { values, corrupt } = await drainJsonl(file, messageSchema);
    expect(values).toEqual([{ from: "a", text: "x" }]);
    expect(corrupt.map((c) => [c.line, c.text])).toEqual([
      [2, "not json"],
      [3, '{"from":"b"}'],
    ]);
    expect(await readFile(file, "utf8")).toBe("");
  });

  it("never loses or repeats a message when appends and drains interleave in one process", async () => {
    const file = path.join(dir, "interleave.jsonl");
    const taken: number[] = [];
    const appends = Promise.all(Array.from({ length: 50 }, (_, n) => appendJsonl(file, n)));
    const drains = (async () => {
      for (let i = 0; i < 10; i++) taken.push(...((await drainJsonl(file)).values as number[]));
    })();
    await Promise.all([appends, drains]);
    taken.push(...((await drainJsonl(file)).values as number[]));
    expect(taken.sort((a, b) => a - b)).toEqual([...Array(50).keys()]);
  });
});
