/**
 * `.claude/scheduled_tasks.json`: each task stands alone (a bad one is skipped with its reason,
 * and kept in place when the file is written back), ids are never given twice, and what an
 * expression means comes from the caller's reader.
 */
import { describe, expect, it } from "vitest";
import { scheduledTasksFormat, type ReadCron } from "../src/index.ts";

/** A reader that knows one expression, "every minute", and refuses any other. */
const everyMinute: ReadCron = (expr) => (expr === "* * * * *" ? { ok: true, next: (after) => after + 60_000 } : { ok: false, error: `"${expr}" is not known here.` });
const { parseTasks, withJobs, nextRunOf, nextNumber } = scheduledTasksFormat(everyMinute);

const task = (id: string, cron = "* * * * *") => ({ id, cron, prompt: `run ${id}`, createdAt: 1_000, createdBySessionId: "s" });

describe("scheduled_tasks.json", () => {
  it("skips a task that cannot run, with its place and reason, and keeps the others", () => {
    const file = { tasks: [task("cron-1"), task("cron-2", "0 9 * * *"), { id: "x" }, task("cron-1")], nextId: 3 };
    const { jobs, skipped } = parseTasks(file);
    expect(jobs.map((j) => j.id)).toEqual(["cron-1"]);
    expect(skipped.map((s) => s.why)).toEqual([
      'task 2: cron: "0 9 * * *" is not known here',
      "task 3: cron: Invalid input: expected string, received undefined",
      "task 4: cron-1 is the id of an earlier task",
    ]);
  });

  it("writes back skipped tasks where they were, and keys it does not read as they were", () => {
    const bad = task("cron-2", "nonsense");
    const file = { tasks: [task("cron-1"), bad, task("cron-3")], nextId: 4 };
    const written = withJobs(file, [{ ...task("cron-3"), lastFiredAt: 61_000 }, task("cron-4")]);
    expect(written.tasks).toEqual([bad, { ...task("cron-3"), lastFiredAt: 61_000 }, task("cron-4")]);
  });

  it("numbers a new job past nextId and past every cron-N in the file; the next run comes from the reader", () => {
    expect(nextNumber({ tasks: [task("cron-7")], nextId: 2 })).toBe(8);
    expect(nextNumber({ tasks: [], nextId: 5 })).toBe(5);
    expect(nextRunOf({ ...task("cron-1"), lastFiredAt: 5_000 })).toBe(65_000);
  });
});
