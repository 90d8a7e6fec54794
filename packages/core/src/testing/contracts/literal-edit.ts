/**
 * Contract: edit_file replaces text literally. The model's old_text is not a regex and its
 * new_text is not a replacement pattern: `$&`, `$$`, `$'` and `` $` `` land as written. An
 * ambiguous or missing match is refused, and a refused edit writes nothing at all.
 *
 * Literal in bytes too: every byte outside the replaced text stays as it was (a UTF-8
 * byte-order mark, CRLF line endings), and a file that is not UTF-8 is refused untouched,
 * since decoding it leniently and writing it back would corrupt it.
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "../temp-workspace.ts";
import { runCalls, type ContractLesson, type ContractOptions, type ToolResult } from "./drive.ts";

/** Every special sequence of String.replace's replacement strings, and a regex group reference. */
const DOLLARS = "$& $$ $' $` $1";

export function literalEditContract(lesson: ContractLesson, options: ContractOptions = {}): void {
  describe("contract: edit_file is literal, and a refused edit writes nothing", () => {
    let ws: TempWorkspace;
    beforeEach(async () => {
      ws = await tempWorkspace({ "price.js": "const total = price * qty;\n", "twice.txt": "x = 1\nx = 1\n" });
    });
    afterEach(() => ws.cleanup());

    const file = (name: string) => readFile(path.join(ws.dir, name), "utf8");
    const edit = async (input: Record<string, unknown>): Promise<ToolResult> => {
      const [result] = await runCalls(lesson, ws.dir, [{ name: "edit_file", input }], options);
      return result!;
    };

    it("$&, $$, $' and $` in new_text land verbatim", async () => {
      const result = await edit({ path: "price.js", old_text: "price * qty", new_text: `price * qty /* ${DOLLARS} */` });
      expect(result.isError).toBe(false);
      expect(await file("price.js")).toBe(`const total = price * qty /* ${DOLLARS} */;\n`);
    });

    it("replace_all puts the same verbatim text everywhere", async () => {
      const result = await edit({ path: "twice.txt", old_text: "1", new_text: DOLLARS, replace_all: true });
      expect(result.isError).toBe(false);
      expect(await file("twice.txt")).toBe(`x = ${DOLLARS}\nx = ${DOLLARS}\n`);
    });

    it("regex characters in old_text match only themselves", async () => {
      // As a regex, "price . qty" would match nothing here; "price * qty" would not match itself.
      const result = await edit({ path: "price.js", old_text: "price * qty", new_text: "price*qty" });
      expect(result.isError).toBe(false);
      expect(await file("price.js")).toBe("const total = price*qty;\n");
    });

    it("changes no byte outside the replaced text: a byte-order mark and CRLF stay", async () => {
      const bom = Buffer.from([0xef, 0xbb, 0xbf]);
      const before = Buffer.concat([bom, Buffer.from("a = 1;\r\nb = 2; // ✓\r\n")]);
      await writeFile(path.join(ws.dir, "crlf.txt"), before);
      const result = await edit({ path: "crlf.txt", old_text: "b = 2", new_text: "b = 3" });
      expect(result.isError).toBe(false);
      const after = await readFile(path.join(ws.dir, "crlf.txt"));
      const at = before.indexOf("b = 2");
      expect(Buffer.compare(after.subarray(0, at), before.subarray(0, at))).toBe(0);
      expect(after.subarray(at, at + 5).toString()).toBe("b = 3");
      expect(Buffer.compare(after.subarray(at + 5), before.subarray(at + 5))).toBe(0);
    });

    it("refuses a file that is not valid UTF-8, and leaves it byte for byte", async () => {
      const latin1 = Buffer.from("na\xefve = 1;\n", "latin1");
      await writeFile(path.join(ws.dir, "latin1.txt"), latin1);
      const result = await edit({ path: "latin1.txt", old_text: "= 1", new_text: "= 2" });
      expect(result.isError).toBe(true);
      expect(result.content).toMatch(/not valid UTF-8/);
      expect(Buffer.compare(await readFile(path.join(ws.dir, "latin1.txt")), latin1)).toBe(0);
    });

    const refusals: { what: string; input: Record<string, unknown>; says: RegExp }[] = [
      { what: "an ambiguous match", input: { path: "twice.txt", old_text: "x = 1", new_text: "x = 2" }, says: /2 times/ },
      { what: "text that is not there", input: { path: "twice.txt", old_text: "y = 1", new_text: "y = 2" }, says: /not found/i },
      { what: "an empty old_text", input: { path: "twice.txt", old_text: "", new_text: "x" }, says: /old_text/ },
    ];
    for (const r of refusals) {
      it(`refuses ${r.what}, and writes nothing`, async () => {
        const before = await stat(path.join(ws.dir, "twice.txt"));
        const result = await edit(r.input);
        expect(result.isError).toBe(true);
        expect(result.content).toMatch(r.says);
        expect(await file("twice.txt")).toBe("x = 1\nx = 1\n");
        expect((await stat(path.join(ws.dir, "twice.txt"))).mtimeMs).toBe(before.mtimeMs);
      });
    }
  });
}
