/**
 * The proof's suite (proof-a.test.ts and proof-b.test.ts each run half of the exercises, so a
 * machine with cores to spare proves them in two workers). It is `pnpm test:exercises`, not part
 * of `pnpm test`: four minutes of checks, run by .ci/run and the GitHub workflow.
 *
 * Every exercise is solvable and not already solved: in a temporary folder, start it (the
 * starter must FAIL at least one check), then write the reference solution (it must PASS every
 * check). In one process: run-checks.ts puts each student's copy into its lesson with
 * vi.doMock, so no command line is started per exercise.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Exercise } from "../src/exercise.ts";
import { loadCatalog } from "../src/catalog.ts";
import { explainOutcome } from "../src/explain.ts";
import { applyWrong, knownWrongOf } from "../src/known-wrong.ts";
import { runChecks } from "../src/run-checks.ts";
import { startExercise, studentDir, studentFile, writeSolution } from "../src/student-copy.ts";
import { typeErrors } from "../src/type-check.ts";

/**
 * A check's time limit here: the student's 15 s says "your code hangs" quickly; the proof asks
 * only whether the solution passes, so a machine busy with other work must not fail it.
 */
const PROOF_LIMIT_MS = 180_000;

/** The proof for the exercises `pick` keeps, as one test file's suite. */
export function proveExercises(pick: (exercise: Exercise, index: number) => boolean): void {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "learn-exercises-proof-"));
    // Laid out as the repository is (an ES module package), for the type check.
    await writeFile(path.join(root, "package.json"), '{ "type": "module" }\n');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  describe.each(loadCatalog().filter(pick))("$id", (exercise) => {
    it("the starter fails its checks, the reference solution passes them", async () => {
      const why = (outcomes: Awaited<ReturnType<typeof runChecks>>) =>
        outcomes.map((o) => explainOutcome(o, studentDir(root, exercise))).filter((o) => !o.passed).map((o) => `${o.name}: ${o.why.join(" ")}`);

      await startExercise(root, exercise);
      // A solution stored as a patch is type-checked nowhere else: the patched file must add no type
      // error to those the lesson's own file already gets where the student's copy sits.
      const patched = exercise.files.filter((f) => f.patch && /\.tsx?$/.test(f.name)).map((f) => studentFile(root, exercise, f));
      const lessonOwn = patched.length > 0 ? typeErrors(patched, exercise.lessonDir).map((e) => e.message) : [];
      const starter = await runChecks(exercise, root); // a starter may well hang: the student's limit
      expect(starter.some((o) => !o.passed), "the starter should fail at least one check").toBe(true);

      await writeSolution(root, exercise);
      const solved = await runChecks(exercise, root, PROOF_LIMIT_MS);
      expect(why(solved), "the reference solution should pass every check").toEqual([]);
      if (patched.length > 0) {
        const added = typeErrors(patched, exercise.lessonDir).filter((e) => !lessonOwn.includes(e.message));
        expect(added, "the patched solution should add no type error").toEqual([]);
      }

      // Each mistake the lesson warns about (wrong.json) fails some check.
      for (const wrong of knownWrongOf(exercise.dir)) {
        await writeSolution(root, exercise);
        const file = path.join(studentDir(root, exercise), wrong.file);
        await writeFile(file, applyWrong(await readFile(file, "utf8"), wrong));
        const outcomes = await runChecks(exercise, root); // a wrong one may hang: the student's limit
        expect(outcomes.some((o) => !o.passed), `a solution that breaks "${wrong.rule}" should fail a check`).toBe(true);
      }
    }, 10 * 60_000);
  });
}
