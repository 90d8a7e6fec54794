/**
 * What `pnpm exercise check <id>` runs inside vitest (vitest.check.config.ts): the exercise's
 * checks against the student's copy, the outcomes explained, written as JSON to the file the
 * command line named. The command line prints them; this file prints nothing.
 */
import { writeFile } from "node:fs/promises";
import { it } from "vitest";
import { loadCatalog } from "./catalog.ts";
import { explainOutcome } from "./explain.ts";
import { runChecks } from "./run-checks.ts";
import { studentDir } from "./student-copy.ts";

const { LEARN_EXERCISE_ID: id, LEARN_EXERCISE_ROOT: root, LEARN_EXERCISE_RESULT: resultFile } = process.env;

it("checks one exercise", async () => {
  if (!id || !root || !resultFile) throw new Error("run this through `pnpm exercise check <id>`");
  const exercise = loadCatalog().find((e) => e.id === id);
  if (!exercise) throw new Error(`no exercise ${id}`);
  const outcomes = await runChecks(exercise, root);
  await writeFile(resultFile, JSON.stringify(outcomes.map((o) => explainOutcome(o, studentDir(root, exercise)))));
});
