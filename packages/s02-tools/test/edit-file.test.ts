import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { editFileTool } from "../src/index.ts";
import { ctxIn } from "./helpers.ts";

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

  it("is neither concurrency-safe nor harmless", () => {
    expect(editFileTool).toMatchObject({ concurrencySafe: false, mutating: true });
  });
});
