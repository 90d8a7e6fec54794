/**
 * Every exercise is solvable and not already solved: in a temporary folder, start it (the
 * starter must FAIL at least one check), then write the reference solution (it must PASS every
 * check). In one process: run-checks.ts puts each student's copy into its lesson with
 * vi.doMock, so no command line is started per exercise.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../src/catalog.ts";
import { explainOutcome } from "../src/explain.ts";
import { runChecks } from "../src/run-checks.ts";
import { startExercise, studentDir, writeSolution } from "../src/student-copy.ts";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "learn-exercises-proof-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe.each(loadCatalog())("$id", (exercise) => {
  it("the starter fails its checks, the reference solution passes them", async () => {
    const why = (outcomes: Awaited<ReturnType<typeof runChecks>>) =>
      outcomes.map((o) => explainOutcome(o, studentDir(root, exercise))).filter((o) => !o.passed).map((o) => `${o.name}: ${o.why.join(" ")}`);

    await startExercise(root, exercise);
    const starter = await runChecks(exercise, root);
    expect(starter.some((o) => !o.passed), "the starter should fail at least one check").toBe(true);

    await writeSolution(root, exercise);
    const solved = await runChecks(exercise, root);
    expect(why(solved), "the reference solution should pass every check").toEqual([]);
  });
});
