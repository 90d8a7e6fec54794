/**
 * Known-wrong solutions: for an exercise, the mistakes its lesson warns about, each written as a
 * small edit of the reference solution (`wrong.json` in the exercise folder). The proof test
 * applies each edit and requires some check to fail — so a check that misses a rule the lesson
 * stresses is found by the test, not by a student who "passed" with the mistake.
 *
 * An edit is a list of [text in the solution, what to put instead]; a text that is not found
 * (the solution changed) is an error, so the list cannot silently stop testing anything.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const KnownWrong = z.array(
  z.object({
    /** The rule the lesson stresses that this solution breaks, in the lesson's words. */
    rule: z.string().min(1),
    /** The student file it edits (its `name` in exercise.json). */
    file: z.string().min(1),
    replace: z.array(z.tuple([z.string().min(1), z.string()])).min(1),
  }),
);
export type KnownWrong = z.infer<typeof KnownWrong>[number];

export function knownWrongOf(exerciseDir: string): KnownWrong[] {
  const file = path.join(exerciseDir, "wrong.json");
  return existsSync(file) ? KnownWrong.parse(JSON.parse(readFileSync(file, "utf8"))) : [];
}

/** The solution's text with the wrong edit made; throws when a text to replace is not there. */
export function applyWrong(solution: string, wrong: KnownWrong): string {
  let text = solution;
  for (const [from, to] of wrong.replace) {
    if (!text.includes(from)) throw new Error(`known-wrong "${wrong.rule}": ${JSON.stringify(from)} is not in the solution of ${wrong.file}`);
    text = text.replace(from, to);
  }
  return text;
}
