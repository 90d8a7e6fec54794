/**
 * `pnpm exercise check` asks the compiler too: vitest strips types without checking them, so a
 * file the lesson's own typecheck rejects could pass every check.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadCatalog } from "../src/catalog.ts";
import { studentFile, textFor } from "../src/student-copy.ts";
import { typeErrors } from "../src/type-check.ts";

let tmp: string | undefined;
afterEach(() => (tmp ? rm(tmp, { recursive: true, force: true }) : undefined));

describe("the type check of a student's file", () => {
  it("finds a type error the checks cannot see, at the file's own line, and nothing in the lesson's solution", async () => {
    const exercise = loadCatalog().find((e) => e.id === "s01-loop")!;
    const file = exercise.files[0]!;
    tmp = await mkdtemp(path.join(os.tmpdir(), "learn-type-check-"));
    const copy = studentFile(tmp, exercise, file);
    await mkdir(path.dirname(copy), { recursive: true });
    // Laid out as the repository is (an ES module package, exercises/<id>/), one wrong line added.
    await writeFile(path.join(tmp, "package.json"), '{ "type": "module" }\n');
    const solution = (await textFor(tmp, exercise, file, "solution")).replace(/\n*$/, "\n");
    await writeFile(copy, `${solution}export const oops: number = "x";\n`);
    const lines = solution.split("\n").length;
    expect(typeErrors([copy], exercise.lessonDir)).toEqual([{ where: `loop.ts:${lines}:14`, message: "Type 'string' is not assignable to type 'number'." }]);
  }, 60_000);
});
