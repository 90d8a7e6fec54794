/**
 * Contract: edit_file replaces text literally. The model's old_text is not a regex and its
 * new_text is not a replacement pattern: `$&`, `$$`, `$'` and `` $` `` land as written. An
 * ambiguous or missing match is refused, and a refused edit writes nothing at all.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "../index.ts";
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
