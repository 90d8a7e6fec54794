/**
 * Run an exercise's checks against the student's files — inside vitest, because that is what
 * lets the lesson run the student's code: `vi.doMock(<the lesson's module>, () => import(<the
 * student's copy>))`, then a fresh import of the lesson. One process can so check many
 * exercises one after another (the proof test checks them all), each on a fresh module graph.
 *
 * Every check gets a time limit and its own outcome: one failing check does not hide the others,
 * and nothing the student's code throws escapes as a raw stack trace (explain.ts words it).
 */
import path from "node:path";
import { vi } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import type { Check, CheckContext, Exercise } from "./exercise.ts";
import { missingImports } from "./missing-imports.ts";
import { studentFile } from "./student-copy.ts";

/** A check still running after this long has hung (a loop that never stops, a promise never settled). */
export const CHECK_TIME_LIMIT_MS = 15_000;

let runs = 0;

export interface CheckOutcome {
  name: string;
  passed: boolean;
  /** Why it failed, when it did: the thrown error. */
  error?: unknown;
}

/** The checks of an exercise: its `checks.ts`'s default export. */
export async function checksOf(exercise: Exercise): Promise<Check[]> {
  const loaded = (await import(path.join(exercise.dir, "checks.ts"))) as { default: Check[] };
  return loaded.default;
}

export async function runChecks(exercise: Exercise, root: string, limitMs = CHECK_TIME_LIMIT_MS): Promise<CheckOutcome[]> {
  const checks = await checksOf(exercise);
  const replaced = exercise.files.filter((file) => file.replaces !== undefined);
  const originals = replaced.map((file) => path.join(exercise.lessonDir, file.replaces!));
  // The lesson with the student's files in it, imported once for all the checks of this run.
  let lessonLoaded = false;
  const workspaces: TempWorkspace[] = [];
  const t: CheckContext = {
    file: (name) => {
      const file = exercise.files.find((f) => f.name === name);
      if (!file) throw new Error(`${exercise.id} has no file ${name}`);
      return studentFile(root, exercise, file);
    },
    async lesson<T>(modulePath: string) {
      if (!lessonLoaded && replaced.length > 0) {
        vi.resetModules();
        for (const [i, file] of replaced.entries()) {
          const student = studentFile(root, exercise, file);
          // A new query each run: vite keeps a file's compiled code by its id for the whole
          // process, so the same path would give the student's file as it was at the first run.
          vi.doMock(originals[i]!, () => import(`${student}?run=${++runs}`));
        }
      }
      lessonLoaded = true;
      return (await import(path.join(exercise.lessonDir, modulePath))) as T;
    },
    async workspace(files) {
      const ws = await tempWorkspace(files);
      workspaces.push(ws);
      return ws.dir;
    },
  };
  const outcomes: CheckOutcome[] = [];
  try {
    // A file that does not load (a syntax error) fails every check the same way: say it once.
    const unloadable = await firstUnloadable(exercise, root);
    if (unloadable) return [unloadable];
    let hung: string | undefined;
    for (const check of checks) {
      // What hung once hangs again: the student hears it once, and the rest are counted as not run.
      if (hung) {
        outcomes.push({ name: check.name, passed: false, error: new CheckNotRun(hung) });
        continue;
      }
      const outcome = await runOne(check, t, limitMs);
      outcomes.push(outcome);
      if (outcome.error instanceof CheckTimeout) hung = check.name;
    }
  } finally {
    for (const original of originals) vi.doUnmock(original);
    if (replaced.length > 0) vi.resetModules(); // the next exercise, or the lesson's own tests, see the lesson as it is
    await Promise.all(workspaces.map((ws) => ws.cleanup()));
  }
  return outcomes;
}

/**
 * Load each of the student's TypeScript files once, and check that every name it imports
 * exists; the first that fails, as a failed outcome.
 */
async function firstUnloadable(exercise: Exercise, root: string): Promise<CheckOutcome | undefined> {
  for (const file of exercise.files.filter((f) => f.name.endsWith(".ts"))) {
    const student = studentFile(root, exercise, file);
    const name = `exercises/${exercise.id}/${file.name} loads`;
    try {
      await import(`${student}?load=${++runs}`);
      const missing = await missingImports(student, (probe) => import(`${probe}?load=${++runs}`));
      if (missing.length) return { name, passed: false, error: new MissingImportError(missing) };
    } catch (error) {
      return { name, passed: false, error };
    }
  }
  return undefined;
}

/** A name the student's file imports that its module does not export (explain.ts words it). */
export class MissingImportError extends Error {
  constructor(readonly missing: { name: string; from: string }[]) {
    super(missing.map((m) => `"${m.name}" is not exported by ${m.from}`).join("; "));
    this.name = "MissingImportError";
  }
}

/** The error a check that ran out of time gets. */
export class CheckTimeout extends Error {
  constructor(limitMs: number) {
    super(`did not finish in ${limitMs / 1000} s: something in your code waits forever or loops without end`);
    this.name = "CheckTimeout";
  }
}

/** A check left out because an earlier one hung: still counted, as failed. */
export class CheckNotRun extends Error {
  constructor(readonly hungCheck: string) {
    super(`not run: the check before it ("${hungCheck}") did not finish`);
    this.name = "CheckNotRun";
  }
}

async function runOne(check: Check, t: CheckContext, limitMs: number): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(limitMs)), limitMs);
  });
  try {
    await Promise.race([check.run(t), timeout]);
    return { name: check.name, passed: true };
  } catch (error) {
    return { name: check.name, passed: false, error };
  } finally {
    clearTimeout(timer);
  }
}
