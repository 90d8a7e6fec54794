import { execFileSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { writeFileTool } from "../src/files/write-file.ts";
import { ctxIn, EARLY_TOOL_FIELDS } from "./helpers.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace({ "old.txt": "old\n", "src/keep.js": "" });
});
afterEach(() => ws.cleanup());

const write = (input: unknown) => writeFileTool.execute(input, ctxIn(ws));
const contentOf = (name: string) => readFile(path.join(ws.dir, name), "utf8");

describe("write_file", () => {
  it("creates the parent folders and reports the bytes written", async () => {
    expect(await write({ path: "a/b/c.txt", content: "héllo\n" })).toEqual({ content: "Wrote 7 bytes to a/b/c.txt", isError: false });
    expect(await contentOf("a/b/c.txt")).toBe("héllo\n");
  });

  it("replaces the whole content of an existing file", async () => {
    await write({ path: "old.txt", content: "new" });
    expect(await contentOf("old.txt")).toBe("new");
  });

  it("accepts an absolute path inside the workspace and shows it relative", async () => {
    const out = await write({ path: path.join(ws.dir, "abs.txt"), content: "" });
    expect(out).toEqual({ content: "Wrote 0 bytes to abs.txt", isError: false });
  });

  it("refuses a directory", async () => {
    const out = await write({ path: "src", content: "x" });
    expect(out).toEqual({ content: "Error: src is a directory; give the path of a file", isError: true });
  });

  it.each(["notes/", "src/", "notes/.", "src/..", "."])("refuses %j, which names a directory, and creates nothing", async (name) => {
    const before = await readdir(ws.dir, { recursive: true });
    expect(await write({ path: name, content: "x" })).toEqual({
      content: `Error: ${name} names a directory, not a file; give the path of a file (no trailing "/")`,
      isError: true,
    });
    expect(await readdir(ws.dir, { recursive: true })).toEqual(before);
  });

  it("refuses a named pipe (FIFO) at once instead of waiting for a reader", async () => {
    execFileSync("mkfifo", [path.join(ws.dir, "pipe")]);
    const out = await write({ path: "pipe", content: "x" });
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(/^Error: pipe is a socket or a named pipe \(FIFO\), not a regular file/);
  });

  it("writes a file whose name starts with two dots: it is inside the workspace", async () => {
    expect(await write({ path: "..foo/bar", content: "x" })).toEqual({ content: "Wrote 1 bytes to ..foo/bar", isError: false });
    expect(await contentOf("..foo/bar")).toBe("x");
  });

  it("writes nothing once the turn is cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    const out = await writeFileTool.execute({ path: "old.txt", content: "new" }, { ...ctxIn(ws), signal: controller.signal });
    expect(out).toEqual({ content: "Error: Interrupted by the user: old.txt was not written", isError: true });
    expect(await contentOf("old.txt")).toBe("old\n");
  });

  it("refuses a path outside the workspace", async () => {
    const out = await write({ path: "../escape.txt", content: "x" });
    expect(out.isError).toBe(true);
    expect(out.content).toContain("escapes the workspace");
  });

  it("rejects missing content with a message naming the field", async () => {
    const out = await write({ path: "x.txt" });
    expect(out.content).toMatch(/^Invalid input for write_file: content: /);
  });

  it("is not concurrency-safe, and says nothing about permissions (lesson 3 does)", () => {
    expect(writeFileTool).toMatchObject({ concurrencySafe: false });
    expect(Object.keys(writeFileTool).sort()).toEqual(EARLY_TOOL_FIELDS);
  });
});
