/**
 * The one reader for files the harness reads for itself: anything but a regular file, or a
 * file too large, is refused at once with an error that names it — never waited on. Each test
 * has a 10 s limit, far above what any of them needs: a regression (a read blocked on a FIFO)
 * fails instead of hanging, and `useFifos` wakes the blocked thread afterwards.
 */
import { constants } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, truncate, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  drainJsonl,
  MAX_HARNESS_FILE_BYTES,
  openRegularFile,
  readFailure,
  readJsonFile,
  readJsonl,
  readRegularFile,
  readRegularFileSync,
  readRegularText,
  RefusedFileError,
} from "../src/platform/state/index.ts";
import { loadScript, ScriptError } from "../src/simulator/load.ts";
import { appendHistory, loadHistory } from "../src/app/repl.ts";
import { makeFifo, useFifos } from "../src/testing/fifo.ts";

/** A limit, not a measure: each of these takes milliseconds unless it hangs. */
const LIMIT_MS = 10_000;

let dir: string;
const at = (name: string) => path.join(dir, name);
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "state-regular-file-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
useFifos();

describe("readRegularFile", () => {
  it("reads a regular file, and a symbolic link to one", async () => {
    await writeFile(at("notes.md"), "Use pnpm.\n");
    await symlink(at("notes.md"), at("link.md"));
    expect(await readRegularText(at("notes.md"))).toBe("Use pnpm.\n");
    expect((await readRegularFile(at("link.md"))).toString()).toBe("Use pnpm.\n");
    expect(readRegularFileSync(at("notes.md")).toString()).toBe("Use pnpm.\n");
  }, LIMIT_MS);

  it("refuses a named pipe with no writer at once, naming it", async () => {
    const pipe = await makeFifo(at("pipe.json"));
    const refused = await readRegularFile(pipe, { shown: ".tasks/pipe.json" }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RefusedFileError);
    expect((refused as Error).message).toBe(".tasks/pipe.json is a named pipe (FIFO), not a regular file");
    expect(readFailure(refused)).toBe("a named pipe (FIFO), not a regular file");
    expect(() => readRegularFileSync(pipe)).toThrow(`${pipe} is a named pipe (FIFO), not a regular file`);
  }, LIMIT_MS);

  it("refuses a symbolic link to a named pipe; with noFollow, any link", async () => {
    const pipe = await makeFifo(at("pipe-behind-link"));
    await symlink(pipe, at("pipe-link"));
    await expect(readRegularFile(at("pipe-link"))).rejects.toThrow(`${at("pipe-link")} is a named pipe (FIFO), not a regular file`);
    await expect(readRegularFile(at("link.md"), { noFollow: true, shown: "link.md" })).rejects.toThrow("link.md is a symbolic link, not a regular file");
  }, LIMIT_MS);

  it("refuses a directory and a character device (an endless /dev/zero)", async () => {
    await mkdir(at("folder"));
    await expect(readRegularFile(at("folder"), { shown: "folder" })).rejects.toThrow("folder is a directory, not a regular file");
    await expect(readRegularFile("/dev/zero")).rejects.toThrow("/dev/zero is a character device, not a regular file");
    expect(() => readRegularFileSync("/dev/zero")).toThrow("/dev/zero is a character device, not a regular file");
  }, LIMIT_MS);

  it("refuses a file larger than the limit, without reading it", async () => {
    await writeFile(at("big.txt"), "x".repeat(101));
    await expect(readRegularFile(at("big.txt"), { maxBytes: 100, shown: "big.txt" })).rejects.toThrow(
      "big.txt is too large (101 bytes; files the harness reads for itself are at most 100 bytes)",
    );
    expect((await readRegularFile(at("big.txt"), { maxBytes: 101 })).length).toBe(101);
    // The default limit, on a sparse file: no disk space is used.
    await writeFile(at("huge.json"), "");
    await truncate(at("huge.json"), MAX_HARNESS_FILE_BYTES + 1);
    await expect(readRegularText(at("huge.json"))).rejects.toThrow(/is too large \(16777217 bytes;/);
    expect(() => readRegularFileSync(at("huge.json"))).toThrow(/is too large/);
  }, LIMIT_MS);

  it("passes a missing file on as ENOENT, for the caller to tell from a refusal", async () => {
    await expect(readRegularFile(at("none.json"))).rejects.toMatchObject({ code: "ENOENT" });
    expect(() => readRegularFileSync(at("none.json"))).toThrow(expect.objectContaining({ code: "ENOENT" }));
  }, LIMIT_MS);
});

describe("openRegularFile", () => {
  it("refuses to open a named pipe for writing whether or not it has a reader", async () => {
    const pipe = await makeFifo(at("write-pipe"));
    const flags = constants.O_WRONLY | constants.O_APPEND;
    await expect(openRegularFile(pipe, { flags, shown: "p" })).rejects.toThrow("p is a socket or a named pipe (FIFO), not a regular file");
    const reader = await openRegularFile(at("notes.md")); // a handle that is a regular file comes back open
    await reader.close();
  }, LIMIT_MS);
});

describe("the state readers on a named pipe", () => {
  it("readJsonFile: reported like a corrupt file", async () => {
    const pipe = await makeFifo(at("3.json"));
    expect(await readJsonFile(pipe)).toEqual({ status: "corrupt", file: pipe, error: `${pipe}: a named pipe (FIFO), not a regular file` });
  }, LIMIT_MS);

  it("readJsonl and drainJsonl: refused, and the pipe is left as it is", async () => {
    const pipe = await makeFifo(at("lead.jsonl"));
    await expect(readJsonl(pipe)).rejects.toThrow(RefusedFileError);
    await expect(drainJsonl(pipe, z.object({}))).rejects.toThrow(`${pipe} is a named pipe (FIFO), not a regular file`);
  }, LIMIT_MS);

  it("loadScript: a ScriptError", async () => {
    const pipe = await makeFifo(at("script.yaml"));
    await expect(loadScript(pipe)).rejects.toThrow(ScriptError);
  }, LIMIT_MS);

  it("the REPL's history: no history, and a line typed is not appended to the pipe", async () => {
    const pipe = await makeFifo(at("history"));
    expect(await loadHistory(pipe)).toEqual([]);
    await expect(appendHistory(pipe, "hello")).rejects.toThrow(RefusedFileError);
    await appendHistory(at("history-file"), "first");
    await appendHistory(at("history-file"), "second");
    expect(await readFile(at("history-file"), "utf8")).toBe("first\nsecond\n");
    expect(await loadHistory(at("history-file"))).toEqual(["second", "first"]);
  }, LIMIT_MS);
});
