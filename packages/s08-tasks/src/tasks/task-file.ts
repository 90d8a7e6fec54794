/**
 * One task is one JSON file in .tasks/, named for its id: `.tasks/3.json`. A file per task
 * (not one board file) means an update rewrites only the tasks it touches, a person can
 * read or fix one task by hand, and a broken file costs that one task, not the board.
 *
 *   { "id": 3, "subject": "Write the tests", "description": "", "status": "pending",
 *     "owner": null, "blockedBy": [2], "blocks": [5],
 *     "createdAt": "2026-12-01T11:00:00.000Z", "updatedAt": "2026-12-01T11:00:00.000Z" }
 *
 * `blockedBy` is the truth about dependencies: readiness is computed from it. `blocks` is
 * its mirror on the other side, kept in step by the board so either task's file shows the
 * link. The same schema checks what the board writes and what a hand-edited file says, so
 * a file that breaks a rule is reported with the rule it breaks. Keys we do not read are
 * kept, not refused, and survive a rewrite.
 */
import { z } from "zod";

/** Where a workspace keeps its tasks. */
export const TASK_DIR = ".tasks";

export const TASK_STATUSES = ["pending", "in_progress", "completed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * The largest id a task can have: Number.MAX_SAFE_INTEGER. Above it a JavaScript number
 * cannot tell neighbours apart (9007199254740992 + 1 is 9007199254740992), so "the highest
 * id + 1" would name a file that exists and overwrite it. (zod's `.int()` stops there too.)
 */
export const MAX_TASK_ID = Number.MAX_SAFE_INTEGER;

export const TaskId = z.number().int().positive().max(MAX_TASK_ID);

/** A subject is a title: one line, not empty. */
export const taskSubject = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters")
  .regex(/^[^\r\n]*$/, "must be one line");

// `looseObject`: a key someone added by hand passes unread and is written back as it was.
export const TaskSchema = z.looseObject({
  id: TaskId,
  subject: taskSubject,
  description: z.string(),
  status: z.enum(TASK_STATUSES, `expected one of ${TASK_STATUSES.join(", ")}`),
  owner: z.string().min(1).nullable(),
  blockedBy: z.array(TaskId),
  blocks: z.array(TaskId),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export type Task = z.output<typeof TaskSchema>;

/** `3.json` — the only names that are task files. */
export const taskFileName = (id: number) => `${id}.json`;

/**
 * The id in a task file's name, or undefined when the name is not a task's: `<digits>.json`
 * with no leading zero (the one way `taskFileName` writes it) and an id of at most MAX_TASK_ID.
 */
export function idFromFileName(name: string): number | undefined {
  const match = /^([1-9]\d*)\.json$/.exec(name);
  const id = match ? Number(match[1]) : undefined;
  return id !== undefined && id <= MAX_TASK_ID ? id : undefined;
}

/** Why a `.json` name in .tasks/ that `idFromFileName` refuses is not read as a task. */
export function notATaskFile(name: string): string {
  if (/^[1-9]\d*\.json$/.test(name)) {
    return `its id is larger than ${MAX_TASK_ID}, the largest a task id can be: it is not read as a task, and no new id is counted from it`;
  }
  return "not a task file name (tasks are <id>.json, e.g. 3.json)";
}

/** `#3` */
export const ref = (id: number) => `#${id}`;

/** "#1–#4, #7": ids in order, runs folded, for messages that list what exists. */
export function describeIds(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(j === i ? ref(sorted[i]!) : `${ref(sorted[i]!)}${j === i + 1 ? ", " : "–"}${ref(sorted[j]!)}`);
    i = j + 1;
  }
  return runs.join(", ");
}
