/**
 * `--check-config` for the scheduled tasks: `.claude/scheduled_tasks.json` read by the same
 * rules the scheduler uses — refused when it is not an object with a `tasks` list (nothing in
 * it runs, and nothing overwrites it), partial when some of its tasks are skipped (each named,
 * with why), loaded otherwise — and the keys Claude Code writes that this course keeps but does
 * not act on (`createdBySessionId`, `permanent`…), by name.
 */
import path from "node:path";
import type { ConfigFileReport, ConfigPlace, ConfigSections } from "@learn/core";
import { readJsonState } from "@learn/core/harness";
import { CRON_FILE, CronFileSchema, FILE_KEYS, parseTasks, TASK_KEYS } from "./job-file.ts";

export async function checkScheduledTasks({ cwd }: ConfigPlace): Promise<ConfigSections> {
  const state = await readJsonState(path.join(cwd, CRON_FILE), CronFileSchema);
  if (state === undefined) return { scheduledTasks: [] };
  if (!state.ok) return { scheduledTasks: [{ file: CRON_FILE, status: "refused", reason: `not a list of tasks (${state.why}): none of it runs, and nothing overwrites it`, tasks: 0 }] };
  const { jobs, skipped } = parseTasks(state.data);
  const report: ConfigFileReport = {
    file: CRON_FILE,
    status: skipped.length > 0 ? "partial" : "loaded",
    problems: skipped.map((s) => `${s.why}: skipped, kept in the file`),
    ignored: ignoredKeys(state.data),
    tasks: jobs.length,
  };
  return { scheduledTasks: [report] };
}

/** The keys of the file and of its tasks that the course keeps but does not read, each named once. */
function ignoredKeys(file: Record<string, unknown> & { tasks: unknown[] }): string[] {
  const taskKeys = file.tasks.flatMap((task) => (task && typeof task === "object" && !Array.isArray(task) ? Object.keys(task) : []));
  const names = [...Object.keys(file).filter((key) => !FILE_KEYS.has(key)), ...taskKeys.filter((key) => !TASK_KEYS.has(key)).map((key) => `tasks[].${key}`)];
  return [...new Set(names)];
}
