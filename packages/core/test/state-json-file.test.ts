import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { describeJsonError, readJsonFile, writeJsonFile } from "../src/platform/state/index.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "state-json-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const taskSchema = z.object({ id: z.number(), status: z.enum(["pending", "done"]) });

describe("readJsonFile", () => {
  it("returns the parsed value", async () => {
    const file = path.join(dir, "ok.json");
    await writeFile(file, '{ "id": 3, "status": "done" }');
    expect(await readJsonFile(file)).toEqual({ status: "ok", value: { id: 3, status: "done" } });
    expect(await readJsonFile(file, taskSchema)).toEqual({ status: "ok", value: { id: 3, status: "done" } });
  });

  it("says a missing file is missing, not corrupt", async () => {
    const file = path.join(dir, "nope.json");
    expect(await readJsonFile(file)).toEqual({ status: "missing", file });
  });

  it("names the file, line and column of a syntax error", async () => {
    const file = path.join(dir, "bad-syntax.json");
    await writeFile(file, '{\n  "id": 3,\n  "status": "done",\n}\n');
    const result = await readJsonFile(file);
    expect(result).toMatchObject({ status: "corrupt", file });
    expect((result as { error: string }).error).toMatch(`${file}: line 4, column 1: `);
  });

  it("names the file and the field that does not match the schema", async () => {
    const file = path.join(dir, "bad-shape.json");
    await writeFile(file, '{ "id": "3", "status": "started" }');
    const result = await readJsonFile(file, taskSchema);
    expect(result.status).toBe("corrupt");
    const error = (result as { error: string }).error;
    expect(error).toMatch(new RegExp(`^${file.replaceAll("/", "\\/")}: not the expected shape: `));
    expect(error).toContain("id: Invalid input: expected number, received string");
    expect(error).toContain("status: Invalid option");
  });

  it("reports an empty file as corrupt", async () => {
    const file = path.join(dir, "empty.json");
    await writeFile(file, "");
    const result = await readJsonFile(file);
    expect(result).toMatchObject({ status: "corrupt", file });
    expect((result as { error: string }).error).toMatch(`${file}: line 1, column 1: `);
  });

  it("reports a folder where the file should be like a corrupt file, naming it (core's reader refuses it)", async () => {
    const folder = path.join(dir, "a-folder.json");
    await mkdir(folder);
    expect(await readJsonFile(folder)).toEqual({ status: "corrupt", file: folder, error: `${folder}: a directory, not a regular file` });
  });
});

describe("writeJsonFile", () => {
  it("writes pretty JSON that reads back", async () => {
    const file = path.join(dir, "tasks", "1.json");
    await writeJsonFile(file, { id: 1, status: "pending" });
    expect(await readFile(file, "utf8")).toBe('{\n  "id": 1,\n  "status": "pending"\n}\n');
    expect(await readJsonFile(file, taskSchema)).toEqual({ status: "ok", value: { id: 1, status: "pending" } });
  });
});

// Only where, not V8's wording after it: the wording differs between Node versions.
describe("describeJsonError", () => {
  it.each([
    ['{"a": }', "line 1, column 7: "],
    ['{"a": 1,}', "line 1, column 9: "],
    ['{\n  "a": 1\n  "b": 2\n}', "line 3, column 3: "],
    ['{\n  "a": tru\n}', "line 2, column 11: "],
    ['{"a": "abc', "line 1, column 11: "],
    ["[1, 2] x", "line 1, column 8: "],
    ["", "line 1, column 1: "],
  ])("%j → %s…", (text, where) => {
    let error: unknown;
    try {
      JSON.parse(text);
    } catch (err) {
      error = err;
    }
    const description = describeJsonError(text, error);
    expect(description.startsWith(where)).toBe(true);
    expect(description.length).toBeGreaterThan(where.length);
    expect(description).not.toContain(text.slice(0, 8) || "never"); // the text itself is not repeated
  });
});
