/**
 * Extension solutions are patches of the lesson's file, never copies (a copy drifted once: it
 * dropped a field the lesson had gained since, and every check still passed). Fast, without
 * running any check: every patch applies to its lesson's file as it is today, and a patch whose
 * context the lesson changed fails with a message that says what to do.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../src/catalog.ts";
import { exerciseMetaSchema } from "../src/exercise.ts";
import { applySolutionPatch } from "../src/solution-patch.ts";
import { textFor } from "../src/student-copy.ts";

const LESSON = ["import { a } from \"./a.ts\";", "", "export function f() {", "  return 1;", "}", ""].join("\n");
const PATCH = [
  "--- src/f.ts",
  "+++ src/f.ts (solution)",
  "@@ -3,3 +3,3 @@",
  " export function f() {",
  "-  return 1;",
  "+  return 2;",
  " }",
  "",
].join("\n");
const where = { lessonFile: "src/f.ts", patchFile: "solution/f.patch" };

describe("applySolutionPatch", () => {
  it("applies a patch, also where the lesson's lines moved", () => {
    expect(applySolutionPatch(LESSON, PATCH, where)).toBe(LESSON.replace("return 1", "return 2"));
    const moved = `// a comment the lesson gained\n\n${LESSON}`;
    expect(applySolutionPatch(moved, PATCH, where)).toBe(moved.replace("return 1", "return 2"));
  });

  it("fails, naming both files, when the lesson changed the lines the patch edits", () => {
    expect(() => applySolutionPatch(LESSON.replace("return 1", "return 10"), PATCH, where)).toThrow(
      /solution\/f\.patch no longer applies to src\/f\.ts/,
    );
  });

  it("refuses a file that is not a patch", () => {
    expect(() => applySolutionPatch(LESSON, LESSON, where)).toThrow(/unified diff with at least one hunk/);
  });
});

describe("exercise.json", () => {
  const base = { id: "s01-x", lesson: "s01", kind: "extend", order: 1, title: "t", read: "README.md", hints: ["h"] };
  it("refuses a whole copy as the solution of a lesson's file", () => {
    const meta = { ...base, files: [{ name: "loop.ts", replaces: "src/loop.ts", solution: "solution/loop.ts" }] };
    expect(exerciseMetaSchema.safeParse(meta).error?.issues[0]?.message).toMatch(/stored as a `patch`/);
  });
  it("refuses a patch with no lesson file to apply it to", () => {
    const meta = { ...base, files: [{ name: "loop.ts", patch: "solution/loop.patch" }] };
    expect(exerciseMetaSchema.safeParse(meta).error?.issues[0]?.message).toMatch(/`replaces`/);
  });
});

describe("every extension's solution patch applies to its lesson today", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "learn-solution-patch-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const patched = loadCatalog().flatMap((exercise) => exercise.files.filter((f) => f.patch).map((file) => ({ exercise, file })));
  it("there are patches to check", () => expect(patched.length).toBeGreaterThan(10));
  it.each(patched.map((p) => [`${p.exercise.id} ${p.file.name}`, p] as const))("%s", async (_name, { exercise, file }) => {
    const text = await textFor(root, exercise, file, "solution");
    expect(text.length).toBeGreaterThan(0);
  });
});
