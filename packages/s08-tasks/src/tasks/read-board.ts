/**
 * Reading .tasks/ back: every `<id>.json`, each parsed and checked on its own. A file that
 * cannot be used — not JSON, the wrong shape, an id that disagrees with its name, a name
 * that is not a task's — is reported (file and reason) and skipped; it never hides the
 * others and never stops the session. A writer's leftover temp file and the board's lock
 * (dot files, see core's writeFileAtomic and withLock) are not tasks and pass in silence.
 *
 * `taken` lists every id with a file, broken ones included: a new task must never be given
 * the id of a broken file, or creating it would overwrite what a person is about to fix.
 * A name whose id is past MAX_TASK_ID is not a task's: reported, never read, never counted.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { readJsonState } from "@learn/core/harness";
import { TASK_DIR, TaskSchema, idFromFileName, notATaskFile, taskFileName, type Task } from "./task-file.ts";

export interface TaskFolder {
  /** The tasks that loaded, by id. */
  tasks: Task[];
  /** One line per file skipped: `.tasks/7.json: skipped: <why>`. */
  problems: string[];
  /** Every id that has a file, loadable or not. */
  taken: number[];
}

/** The ids with a `<id>.json` file in `dir`: enough to choose a new id without reading every task. */
export async function takenIds(dir: string): Promise<number[]> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [] as string[]; // no task yet
    throw err;
  });
  return names.map(idFromFileName).filter((id): id is number => id !== undefined);
}

/** One task file, or a line saying why it is not one; undefined when it does not exist. */
export async function readTask(dir: string, id: number): Promise<{ task: Task } | { problem: string } | undefined> {
  const shown = `${TASK_DIR}/${taskFileName(id)}`;
  const read = await readJsonState(path.join(dir, taskFileName(id)), TaskSchema); // core's reader, as the JSON stores read their files
  if (read === undefined) return undefined;
  if (!read.ok) return { problem: `${shown}: skipped: ${read.why}` };
  if (read.data.id !== id) return { problem: `${shown}: skipped: it says it is task ${read.data.id}, but its file name says ${id}` };
  return { task: read.data };
}

/** Every task in `dir` (absolute). */
export async function readTaskFolder(dir: string): Promise<TaskFolder> {
  const result: TaskFolder = { tasks: [], problems: [], taken: [] };
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return result;
    result.problems.push(
      code === "ENOTDIR"
        ? `${TASK_DIR}: is a file, not a folder: no task can be read or saved until it is moved away`
        : `${TASK_DIR}: cannot be read (${(err as Error).message})`,
    );
    return result;
  }
  for (const name of names.sort()) {
    if (name.startsWith(".") || !name.endsWith(".json")) continue;
    const id = idFromFileName(name);
    if (id === undefined) {
      result.problems.push(`${TASK_DIR}/${name}: skipped: ${notATaskFile(name)}`);
      continue;
    }
    result.taken.push(id);
    const read = await readTask(dir, id);
    if (read === undefined) continue; // removed while we listed
    if ("task" in read) result.tasks.push(read.task);
    else result.problems.push(read.problem);
  }
  result.tasks.sort((a, b) => a.id - b.id);
  result.taken.sort((a, b) => a - b);
  return result;
}
