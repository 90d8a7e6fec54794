/**
 * What an exercise is. Each lives beside its lesson, in `packages/<lesson>/exercises/<id>/`:
 *
 *   exercise.json   what to do, what to read, which files the student edits, the hints
 *   checks.ts       the checks: scripted sessions through the real SDK and the simulator
 *   starter/…       the files the student starts from: a rebuild's bodies to put in place of the
 *                   lesson's (take-out.ts), a new file's skeleton; an extension that starts from
 *                   the lesson's file needs none
 *   solution/…      the reference solution of an extension: a patch of the lesson's file it
 *                   extends (solution-patch.ts), or a whole file where it is new (a rebuild's
 *                   is the lesson's own file)
 *
 * The metadata is JSON, not code, so `pnpm exercise list` reads every exercise without loading
 * a lesson; the checks are code, loaded only inside the check runner (run-checks.ts).
 */
import { z } from "zod";

export const EXERCISE_KINDS = ["rebuild", "extend"] as const;

const exerciseFileSchema = z.object({
  /** The student's copy is `exercises/<id>/<name>`. */
  name: z.string().regex(/^[\w.-]+$/, "a plain file name"),
  /**
   * The lesson module (path inside the lesson package) the student's copy stands in for: when a
   * check imports the lesson, this module is the student's copy. Absent for a new file.
   */
  replaces: z.string().optional(),
  /** Where the starter is, inside the exercise folder; default: the `replaces` module itself. */
  starter: z.string().optional(),
  /**
   * A rebuild: the `replaces` module with these functions' bodies taken out, each replaced by
   * the text of a file in the exercise folder (function name → file).
   */
  takeOut: z.record(z.string(), z.string()).optional(),
  /**
   * An extension that starts from the lesson's file: a to-do note put just above each named function
   * of the starter (function name → file of `//` lines), so the copy says what to change, and
   * where, while the code stays the lesson's as it is today.
   */
  todo: z.record(z.string(), z.string()).optional(),
  /**
   * Where the reference solution is, inside the exercise folder; default: the `replaces` module.
   * Only a new file stores its whole solution: an extension of a lesson's file stores `patch`.
   */
  solution: z.string().optional(),
  /**
   * An extension: the reference solution as a unified diff against the `replaces` module
   * (`solution/<name>.patch`, solution-patch.ts), so it carries only the exercise's lines.
   */
  patch: z.string().optional(),
});

export const exerciseMetaSchema = z.object({
  id: z.string().regex(/^s\d\d-[a-z0-9-]+$/, 'like "s04-reminder": the lesson, then a name'),
  lesson: z.string().regex(/^s\d\d$/),
  kind: z.enum(EXERCISE_KINDS),
  /** The order within its lesson in `list`. */
  order: z.number().int(),
  /** One line: what to do. */
  title: z.string().min(1),
  /** The README section to read first, as a path inside the lesson package with its anchor. */
  read: z.string().min(1),
  files: z.array(
    exerciseFileSchema
      .refine((f) => !f.patch || f.replaces, { message: "a `patch` is applied to the lesson's file its file `replaces`: name it" })
      .refine((f) => !(f.patch && f.solution), { message: "a file's solution is a `patch` or a whole `solution` file, not both" })
      .refine((f) => !(f.replaces && f.solution), {
        message: "a solution that extends a lesson's file is stored as a `patch` of it (a whole copy drifts from the lesson)",
      }),
  ).min(1),
  /** From gentle to nearly the answer; `hint` shows them one at a time. */
  hints: z.array(z.string().min(1)).min(1),
});

export type ExerciseFile = z.output<typeof exerciseFileSchema>;
export type ExerciseMeta = z.output<typeof exerciseMetaSchema>;

/** An exercise found on disk: its metadata and where it and its lesson live. */
export interface Exercise extends ExerciseMeta {
  /** packages/<lesson>/exercises/<id>/ (absolute). */
  dir: string;
  /** packages/<lesson>/ (absolute). */
  lessonDir: string;
}

/** What a check gets: the student's files, the lesson with those files in place, a workspace. */
export interface CheckContext {
  /** The absolute path of the student's copy of `name`. */
  file(name: string): string;
  /**
   * Import a module of the lesson ("src/index.ts") with the student's files standing in for the
   * modules they replace — the lesson's agent runs the student's code.
   */
  lesson<T = Record<string, unknown>>(modulePath: string): Promise<T>;
  /** A temporary copy of the practice workspace (or a folder of `files`), removed after the check. */
  workspace(files?: Record<string, string>): Promise<string>;
}

/**
 * One check. It throws when the student's code does not do what it should; the message says
 * what was expected and what happened, in the student's words, at which scripted step
 * (vitest's `expect(value, "the scripted step and what should have happened")`).
 */
export interface Check {
  name: string;
  run(t: CheckContext): Promise<void>;
}

/** What a `checks.ts` exports by default. */
export function defineChecks(checks: Check[]): Check[] {
  return checks;
}
