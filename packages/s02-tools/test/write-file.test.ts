import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { writeFileTool } from "../src/index.ts";
import { ctxIn } from "./helpers.ts";

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

  it("refuses a path outside the workspace", async () => {
    const out = await write({ path: "../escape.txt", content: "x" });
    expect(out.isError).toBe(true);
    expect(out.content).toContain("escapes the workspace");
  });

  it("rejects missing content with a message naming the field", async () => {
    const out = await write({ path: "x.txt" });
    expect(out.content).toMatch(/^Invalid input for write_file: content: /);
  });

  it("is neither concurrency-safe nor harmless", () => {
    expect(writeFileTool).toMatchObject({ concurrencySafe: false, mutating: true });
  });
});
