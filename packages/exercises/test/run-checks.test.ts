/**
 * What a check run reports when the student's code goes wrong in the two ways that used to hide
 * the truth: an import of a name that does not exist (it surfaced as a hang), and a check that
 * hangs (the checks after it vanished from the count).
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Exercise } from "../src/exercise.ts";
import { explainOutcome } from "../src/explain.ts";
import { valueImports } from "../src/missing-imports.ts";
import { runChecks } from "../src/run-checks.ts";

let root: string;
let exercise: Exercise;
const student = () => path.join(root, "exercises", exercise.id);

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "learn-run-checks-"));
  const dir = path.join(root, "lesson", "exercises", "s99-probe");
  await mkdir(dir, { recursive: true });
  await mkdir(path.join(root, "exercises", "s99-probe"), { recursive: true });
  exercise = { id: "s99-probe", lesson: "s99", kind: "extend", order: 1, title: "t", read: "README.md", hints: ["h"], files: [{ name: "mine.ts" }], dir, lessonDir: path.join(root, "lesson") };
});
afterEach(() => rm(root, { recursive: true, force: true }));

const checks = (body: string) => writeFile(path.join(exercise.dir, "checks.ts"), body);
const mine = (text: string) => writeFile(path.join(student(), "mine.ts"), text);
const explained = (outcomes: Awaited<ReturnType<typeof runChecks>>) => outcomes.map((o) => explainOutcome(o, student()));

describe("a check run", () => {
  it("names an imported name the module does not export, before any check runs (and leaves no probe file behind)", async () => {
    await checks(`export default [{ name: "never reached", run: async () => { throw new Error("ran"); } }];`);
    await mine(`import { join, joinAll } from "node:path";\nimport type { ParsedPath } from "node:path";\nexport const f = (p: ParsedPath) => joinAll ?? join(p.dir);\n`);
    const outcomes = explained(await runChecks(exercise, root));
    expect(outcomes).toEqual([
      { name: "exercises/s99-probe/mine.ts loads", passed: false, why: ["Your file imports joinAll from node:path, which exports no such name (check the spelling, or export it there)."] },
    ]);
    expect(await readdir(student())).toEqual(["mine.ts"]);
  });

  it("counts every check after one that hung, as not run: none vanishes from the count", async () => {
    await checks(`export default [
      { name: "hangs", run: () => new Promise(() => {}) },
      { name: "after it", run: async () => {} },
    ];`);
    await mine(`export const a = 1;\n`);
    const outcomes = explained(await runChecks(exercise, root, 200));
    expect(outcomes.map((o) => [o.name, o.passed])).toEqual([["hangs", false], ["after it", false]]);
    expect(outcomes[0]!.why[0]).toMatch(/^The check did not finish in 0.2 s/);
    expect(outcomes[1]!.why).toEqual(['Not run: it would hang as the check before it did ("hangs"). Fix that one first.']);
  });
});

describe("valueImports", () => {
  it("lists value imports per module; type-only imports and specifiers are left out", () => {
    const source = [
      `import { a, type B, c as d } from "./x.ts";`,
      `import type { E } from "./y.ts";`,
      `import f, { g } from "z";`,
      `import * as ns from "w";`,
      `import "side-effect";`,
    ].join("\n");
    expect([...valueImports(source)]).toEqual([["./x.ts", ["a", "c"]], ["z", ["default", "g"]]]);
  });
});
