import { execFileSync } from "node:child_process";
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { editFileTool } from "../src/files/edit-file.ts";
import { ctxIn, EARLY_TOOL_FIELDS } from "./helpers.ts";

const CART = "const total = a - b;\nconst shipping = a - b;\n";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace({ "cart.js": CART, "once.js": "let x = 1;\n", "blob.bin": "ab\0cd", "dir/x.js": "" });
});
afterEach(() => ws.cleanup());

const edit = (input: unknown) => editFileTool.execute(input, ctxIn(ws));
const contentOf = (name: string) => readFile(path.join(ws.dir, name), "utf8");
const mtimeOf = async (name: string) => (await stat(path.join(ws.dir, name))).mtimeMs;

describe("edit_file", () => {
  it("replaces text that occurs once and says how many replacements it made", async () => {
    expect(await edit({ path: "once.js", old_text: "x = 1", new_text: "x = 2" })).toEqual({
      content: "Replaced 1 occurrence in once.js",
      isError: false,
    });
    expect(await contentOf("once.js")).toBe("let x = 2;\n");
  });

  it("refuses text found more than once, says how many times, and writes nothing", async () => {
    const before = await mtimeOf("cart.js");
    const out = await edit({ path: "cart.js", old_text: "a - b", new_text: "a + b" });
    expect(out.isError).toBe(true);
    expect(out.content).toContain("occurs 2 times in cart.js");
    expect(out.content).toContain("replace_all");
    expect(await contentOf("cart.js")).toBe(CART);
    expect(await mtimeOf("cart.js")).toBe(before);
  });

  it("replaces every occurrence with replace_all", async () => {
    const out = await edit({ path: "cart.js", old_text: "a - b", new_text: "a + b", replace_all: true });
    expect(out).toEqual({ content: "Replaced 2 occurrences in cart.js", isError: false });
    expect(await contentOf("cart.js")).toBe("const total = a + b;\nconst shipping = a + b;\n");
  });

  it.each(["$&", "$$", "$'", "$`", "$1", "$<name>"])("puts %s in new_text into the file verbatim", async (dollar) => {
    await edit({ path: "once.js", old_text: "1", new_text: `[${dollar}]` });
    expect(await contentOf("once.js")).toBe(`let x = [${dollar}];\n`);
  });

  it("matches old_text literally, not as a regex", async () => {
    await edit({ path: "once.js", old_text: "x = 1;", new_text: "x = (1);" });
    const out = await edit({ path: "once.js", old_text: "(1)", new_text: "1.0" });
    expect(out.isError).toBe(false);
    expect(await contentOf("once.js")).toBe("let x = 1.0;\n");
    expect((await edit({ path: "once.js", old_text: "1.", new_text: "" })).isError).toBe(false);
    expect((await edit({ path: "once.js", old_text: "x.=", new_text: "" })).isError).toBe(true);
  });

  it("refuses text that is not there, and writes nothing", async () => {
    const before = await mtimeOf("once.js");
    const out = await edit({ path: "once.js", old_text: "x = 3", new_text: "x = 4" });
    expect(out.isError).toBe(true);
    expect(out.content).toContain("old_text was not found in once.js");
    expect(await mtimeOf("once.js")).toBe(before);
  });

  it("refuses an empty old_text", async () => {
    const out = await edit({ path: "once.js", old_text: "", new_text: "x" });
    expect(out.isError).toBe(true);
    expect(out.content).toContain("old_text is empty");
    expect(await contentOf("once.js")).toBe("let x = 1;\n");
  });

  it.each([
    ["a missing file", "nope.js", "File not found: nope.js"],
    ["a directory", "dir", "dir is a directory"],
    ["a binary file", "blob.bin", "blob.bin looks like a binary file"],
  ])("refuses %s", async (_what, file, says) => {
    const out = await edit({ path: file, old_text: "a", new_text: "b" });
    expect(out.isError).toBe(true);
    expect(out.content).toContain(says);
  });

  it("refuses a named pipe (FIFO) at once instead of waiting for a writer", async () => {
    execFileSync("mkfifo", [path.join(ws.dir, "pipe")]);
    const out = await edit({ path: "pipe", old_text: "a", new_text: "b" });
    expect(out.isError).toBe(true);
    expect(out.content).toContain("pipe is a named pipe (FIFO), not a regular file");
  });

  it("writes nothing once the turn is cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    const out = await editFileTool.execute({ path: "once.js", old_text: "1", new_text: "2" }, { ...ctxIn(ws), signal: controller.signal });
    expect(out).toEqual({ content: "Error: Interrupted by the user: once.js was not read", isError: true });
    expect(await contentOf("once.js")).toBe("let x = 1;\n");
  });

  it("is not concurrency-safe, and says nothing about permissions (lesson 3 does)", () => {
    expect(editFileTool).toMatchObject({ concurrencySafe: false });
    expect(Object.keys(editFileTool).sort()).toEqual(EARLY_TOOL_FIELDS);
  });
});

/** The bytes of a file; an edit must change only the span it replaced. */
const bytesOf = (name: string) => readFile(path.join(ws.dir, name));
const put = (name: string, bytes: Buffer) => writeFile(path.join(ws.dir, name), bytes);

/** `after` is `before` with `oldPart` swapped for `newPart` at `at`, and not a byte else changed. */
function expectOnlySpanChanged(before: Buffer, after: Buffer, at: number, oldPart: string, newPart: string): void {
  const end = at + Buffer.byteLength(oldPart);
  const newEnd = at + Buffer.byteLength(newPart);
  expect(Buffer.compare(after.subarray(0, at), before.subarray(0, at))).toBe(0);
  expect(after.subarray(at, newEnd).toString("utf8")).toBe(newPart);
  expect(Buffer.compare(after.subarray(newEnd), before.subarray(end))).toBe(0);
}

describe("edit_file changes only the bytes it replaces", () => {
  it("keeps a UTF-8 byte-order mark and CRLF line endings", async () => {
    const before = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("first\r\nlet x = 1;\r\nlast — ✓ 😀\r\n")]);
    await put("bom.txt", before);
    expect(await edit({ path: "bom.txt", old_text: "x = 1", new_text: "x = 2" })).toEqual({ content: "Replaced 1 occurrence in bom.txt", isError: false });
    const after = await bytesOf("bom.txt");
    expectOnlySpanChanged(before, after, before.indexOf("x = 1"), "x = 1", "x = 2");
    expect(after.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it("edits next to multi-byte characters without touching them", async () => {
    const before = Buffer.from("名前 = 'Zoë'; // 😀\n");
    await put("wide.js", before);
    expect((await edit({ path: "wide.js", old_text: "Zoë", new_text: "Zoé" })).isError).toBe(false);
    expectOnlySpanChanged(before, await bytesOf("wide.js"), before.indexOf("Zoë"), "Zoë", "Zoé");
  });

  it("refuses a file that is not valid UTF-8, says to use bash, and leaves every byte as it was", async () => {
    const latin1 = Buffer.from("caf\xe9 = 1;\n", "latin1"); // é as one byte: not UTF-8
    await put("latin1.txt", latin1);
    const before = await mtimeOf("latin1.txt");
    expect(await edit({ path: "latin1.txt", old_text: "= 1", new_text: "= 2" })).toEqual({
      content: "Error: latin1.txt is not valid UTF-8 text, and edit_file only edits UTF-8 files: use bash (sed, perl) for this file",
      isError: true,
    });
    expect(Buffer.compare(await bytesOf("latin1.txt"), latin1)).toBe(0);
    expect(await mtimeOf("latin1.txt")).toBe(before);
  });

  it("refuses half of a surrogate pair, which could split a character in the file", async () => {
    const before = Buffer.from("face: 😀\n");
    await put("emoji.txt", before);
    const message = { content: "Error: old_text or new_text contains a lone surrogate: it is not valid Unicode text", isError: true };
    expect(await edit({ path: "emoji.txt", old_text: "😀".slice(0, 1), new_text: "x" })).toEqual(message);
    expect(await edit({ path: "emoji.txt", old_text: "face", new_text: "😀".slice(1) })).toEqual(message);
    expect(Buffer.compare(await bytesOf("emoji.txt"), before)).toBe(0);
  });
});
