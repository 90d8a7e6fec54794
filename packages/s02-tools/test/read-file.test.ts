import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { readFileTool } from "../src/index.ts";
import { ctxIn, EARLY_TOOL_FIELDS } from "./helpers.ts";

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n") + "\n";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace({
    "ten.txt": lines(10),
    "big.txt": lines(2500),
    "wide.txt": "x".repeat(60_000) + "\n",
    "empty.txt": "",
    "image.png": "\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
    "src/app.js": "console.log(1);\n",
  });
});
afterEach(() => ws.cleanup());

const read = (input: unknown) => readFileTool.execute(input, ctxIn(ws));

describe("read_file", () => {
  it("returns the lines numbered like cat -n", async () => {
    expect(await read({ path: "src/app.js" })).toEqual({ content: "     1\tconsole.log(1);", isError: false });
  });

  it("reads a window: offset is the first line, limit the number of lines, and says how many remain", async () => {
    const out = await read({ path: "ten.txt", offset: 3, limit: 2 });
    expect(out).toEqual({ content: "     3\tline 3\n     4\tline 4\n... (6 more lines)", isError: false });
  });

  it("says nothing about more lines when the window reaches the end", async () => {
    const out = await read({ path: "ten.txt", offset: 9 });
    expect(out.content).toBe("     9\tline 9\n    10\tline 10");
  });

  it("reads 2000 lines by default", async () => {
    const out = await read({ path: "big.txt" });
    const shown = out.content.split("\n");
    expect(shown).toHaveLength(2001);
    expect(shown[1999]).toBe("  2000\tline 2000");
    expect(shown[2000]).toBe("... (500 more lines)");
  });

  it("refuses an offset past the end", async () => {
    expect(await read({ path: "ten.txt", offset: 11 })).toEqual({
      content: "Error: ten.txt has 10 lines; offset 11 is past the end",
      isError: true,
    });
  });

  it("says when a file is empty", async () => {
    expect(await read({ path: "empty.txt" })).toEqual({ content: "(empty.txt is empty)", isError: false });
  });

  it("caps the output at 50,000 characters and says so", async () => {
    const out = await read({ path: "wide.txt" });
    expect(out.isError).toBe(false);
    expect(out.content.length).toBeLessThanOrEqual(50_000);
    expect(out.content.length).toBeGreaterThan(49_900);
    expect(/output truncated: \d+ more characters\)$/.test(out.content)).toBe(true);
  });

  it("names the path of a missing file", async () => {
    expect(await read({ path: "src/nope.js" })).toEqual({ content: "Error: File not found: src/nope.js", isError: true });
  });

  it("refuses a directory", async () => {
    const out = await read({ path: "src" });
    expect(out.isError).toBe(true);
    expect(out.content).toContain("src is a directory");
  });

  it("refuses a binary file", async () => {
    const out = await read({ path: "image.png" });
    expect(out.isError).toBe(true);
    expect(out.content).toContain("image.png looks like a binary file");
  });

  it("refuses a named pipe (FIFO) at once instead of waiting for a writer", async () => {
    execFileSync("mkfifo", [path.join(ws.dir, "pipe")]);
    expect(await read({ path: "pipe" })).toEqual({
      content: "Error: pipe is a named pipe (FIFO), not a regular file: the file tools only read regular files (use bash for anything else)",
      isError: true,
    });
  });

  it("reads a file whose name starts with two dots: it is inside the workspace", async () => {
    const dotted = await tempWorkspace({ "..notes": "kept\n", "..foo/bar": "also kept\n" });
    try {
      expect(await readFileTool.execute({ path: "..notes" }, ctxIn(dotted))).toEqual({ content: "     1\tkept", isError: false });
      expect(await readFileTool.execute({ path: "..foo/bar" }, ctxIn(dotted))).toEqual({ content: "     1\talso kept", isError: false });
    } finally {
      await dotted.cleanup();
    }
  });

  it("reads nothing once the turn is cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await readFileTool.execute({ path: "ten.txt" }, { ...ctxIn(ws), signal: controller.signal })).toEqual({
      content: "Error: Interrupted by the user: ten.txt was not read",
      isError: true,
    });
  });

  it("rejects a bad offset with a message naming the field", async () => {
    const out = await read({ path: "ten.txt", offset: 0 });
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(/^Invalid input for read_file: offset: /);
  });

  it("is concurrency-safe, and says nothing about permissions (lesson 3 does)", () => {
    expect(readFileTool).toMatchObject({ concurrencySafe: true });
    expect(Object.keys(readFileTool).sort()).toEqual(EARLY_TOOL_FIELDS);
  });
});
