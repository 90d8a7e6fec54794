/**
 * The task board of one workspace, in `.tasks/`: goals that outlive the conversation. The
 * model's context can be compacted or cleared; the board is on disk, so what was planned,
 * what is under way and what waits for what is still there afterwards — for this agent, for
 * another agent in this process or another one, and for the next session.
 *
 * Every change is a read-modify-write: a new task's id is "the highest id + 1", and a
 * dependency changes two files. Several agents may change the board at once, so each
 * change takes the board's lock and reads the files again *inside* it, then writes each
 * file atomically:
 *
 *     agent A:  lock ─ read ids (max 7) ─ write 8.json ─ unlock
 *     agent B:        waits ···························· lock ─ read ids (max 8) ─ write 9.json ─ unlock
 *
 * Without the lock both would read 7 and write 8.json, and one task would silently vanish.
 * The lock is core's withLock on `.tasks/.board`, so its folder (`.tasks/.board.lock`)
 * lives inside .tasks/ and the board writes nowhere else. It is the folder's lock, not one
 * file's, because a change may write several files and a create picks a file that does not
 * exist yet: so the board is not one of core's LockedJsonFiles (state kept in one JSON file,
 * locked by that file). Each task file is read as they are (core's readJsonState), and a
 * broken one is never overwritten either: its id stays taken (read-board.ts).
 *
 * The rules a change must keep (each refused with a message the model can act on):
 * - ids exist: "no task #9; tasks: #1–#4";
 * - no task waits for itself, and no loop of waiting: "#3 → #5 → #3";
 * - a dependency is recorded on both sides (`blockedBy` on one, `blocks` on the other);
 * - a task is started or completed only when nothing it waits for is still open;
 * - completed is final: a finished task is not reopened, since its dependents may already
 *   have started on it. Work that turns out unfinished is a new task. (In progress → pending
 *   is allowed: an agent hands a task back.)
 * - a claim (s11's self-claiming teammates; here because only the board's lock makes it safe)
 *   takes only a task that is pending, ownerless and ready (claim.ts), and says why not:
 *   "task #3 is already owned by alice".
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { ToolError } from "@learn/core";
import { withLock, writeJsonFile, type LockOptions } from "@learn/core/harness";
import { claimRefusal, firstClaimable, nothingToClaim } from "./claim.ts";
import { cycleIfLinked, describeCycle, indexById, openBlockers } from "./graph.ts";
import { readTask, readTaskFolder, takenIds, type TaskFolder } from "./read-board.ts";
import { MAX_TASK_ID, TASK_DIR, describeIds, ref, taskFileName, taskSubject, type Task, type TaskStatus } from "./task-file.ts";

export interface CreateTaskInput {
  subject: string;
  description?: string;
  /** Tasks the new one waits for. */
  blockedBy?: number[];
}

export interface UpdateTaskInput {
  status?: TaskStatus;
  /** Who works on it (an agent's name); null to clear. */
  owner?: string | null;
  /** Tasks this one now also waits for. */
  addBlockedBy?: number[];
  /** Tasks that now also wait for this one. */
  addBlocks?: number[];
}

export interface TaskBoardOptions {
  /** For the lock between writers (tests shorten how soon a dead writer's lock is taken over). */
  lock?: LockOptions;
  /** The clock for createdAt / updatedAt. */
  now?: () => Date;
}

export class TaskBoard {
  private folder: TaskFolder = { tasks: [], problems: [], taken: [] };
  /** The workspace (absolute). */
  readonly cwd: string;
  private readonly options: TaskBoardOptions;

  private constructor(cwd: string, options: TaskBoardOptions) {
    this.cwd = path.resolve(cwd);
    this.options = options;
  }

  /** The workspace's board as it is on disk. Never throws for a bad task file: see `problems`. */
  static async open(cwd: string, options: TaskBoardOptions = {}): Promise<TaskBoard> {
    const board = new TaskBoard(cwd, options);
    await board.reload();
    return board;
  }

  /** The folder (absolute). */
  get dir(): string {
    return path.join(this.cwd, TASK_DIR);
  }

  /** Files that could not be used as of the last read, one line each, named. */
  get problems(): string[] {
    return [...this.folder.problems];
  }

  /** Every task that loaded, by id, as of the last read or change made here. */
  list(): readonly Task[] {
    return this.folder.tasks;
  }

  /** One task as of the last read, or undefined. */
  get(id: number): Task | undefined {
    return this.folder.tasks.find((t) => t.id === id);
  }

  /** The id a create would take, as far as this board knows now (the create decides under the lock). */
  nextId(): number {
    return Math.min(Math.max(0, ...this.folder.taken) + 1, MAX_TASK_ID); // past the last id, the create refuses
  }

  /** Read the folder again: another agent or process may have changed it. */
  async reload(): Promise<void> {
    this.folder = await readTaskFolder(this.dir);
  }

  /** Add a task (pending, no owner) with the next free id; its blockers get it in their `blocks`. */
  async create(input: CreateTaskInput): Promise<Task> {
    const subject = taskSubject.safeParse(input.subject);
    if (!subject.success) throw new ToolError(`cannot create this task: subject ${subject.error.issues[0]!.message}`);
    const blockedBy = [...new Set(input.blockedBy ?? [])];
    await this.usableFolder();
    return this.locked(async () => {
      // Only the names are needed for the id, and only the blockers' files: a create stays cheap on a big board.
      const taken = await takenIds(this.dir);
      const id = idAfter(taken);
      const blockers: Task[] = [];
      for (const blocker of blockedBy) blockers.push(await this.mustRead(blocker, taken));
      const stamp = this.stamp();
      const task: Task = {
        id,
        subject: subject.data,
        description: input.description ?? "",
        status: "pending",
        owner: null,
        blockedBy,
        blocks: [],
        createdAt: stamp,
        updatedAt: stamp,
      };
      // The new task first: a crash before its blockers are written leaves a task whose
      // `blockedBy` (the truth) is right, and only the mirror `blocks` behind.
      await this.write(task);
      const written = [task];
      for (const blocker of blockers) {
        const mirrored = { ...blocker, blocks: [...blocker.blocks, id], updatedAt: stamp };
        await this.write(mirrored);
        written.push(mirrored);
      }
      this.remember(written, [...taken, id]);
      return task;
    });
  }

  /** Change a task's status, owner or dependencies, all or nothing; returns it as written. */
  async update(id: number, change: UpdateTaskInput): Promise<Task> {
    if (change.owner !== undefined && change.owner !== null && change.owner.trim() === "") {
      throw new ToolError("owner must be a name, or null to clear it");
    }
    await this.usableFolder();
    return this.locked(async () => {
      const now = await readTaskFolder(this.dir);
      const byId = indexById(now.tasks);
      const edited = new Map<number, Task>();
      const current = (taskId: number) => edited.get(taskId) ?? byId.get(taskId)!;
      const edit = (task: Task) => {
        edited.set(task.id, task);
        byId.set(task.id, task); // later checks (cycles, readiness) see this change
      };
      const need = (taskId: number) => {
        if (!byId.has(taskId)) throw this.unknown(taskId, now);
        return current(taskId);
      };

      need(id);
      for (const blocker of change.addBlockedBy ?? []) link(id, blocker, byId, need, edit);
      for (const dependent of change.addBlocks ?? []) link(dependent, id, byId, need, edit);
      if (change.owner !== undefined && current(id).owner !== change.owner) {
        edit({ ...current(id), owner: change.owner === null ? null : change.owner.trim() });
      }
      if (change.status !== undefined && change.status !== current(id).status) {
        checkStatusChange(current(id), change.status, byId);
        edit({ ...current(id), status: change.status });
      }

      const stamp = this.stamp();
      const changed = [...edited.values()].map((t) => ({ ...t, updatedAt: stamp }));
      // In the order they were first edited: a link edits the waiting task (its blockedBy is
      // the truth) before its mirror, so a crash in between leaves only `blocks` behind.
      for (const task of changed) await this.write(task);
      this.folder = { ...now, tasks: now.tasks.map((t) => changed.find((c) => c.id === t.id) ?? t) };
      return this.get(id)!;
    });
  }

  /**
   * s11: take a task for `owner`: task `id`, or else the lowest-id claimable one (pending, no owner,
   * nothing open in its way). It becomes in_progress, owned by `owner`. The choice is made on
   * the files as they are under the lock and written in the same step, so two agents claiming
   * at once never get the same task: the second is told who has it, or takes the next one.
   */
  async claim(owner: string, id?: number): Promise<Task> {
    const name = owner.trim();
    if (name === "") throw new ToolError("a claim needs an owner: the name of the agent taking the task");
    await this.usableFolder();
    return this.locked(async () => {
      const now = await readTaskFolder(this.dir);
      const byId = indexById(now.tasks);
      const task = id === undefined ? firstClaimable(now.tasks) : byId.get(id);
      if (!task) throw id === undefined ? new ToolError(nothingToClaim(now.tasks)) : this.unknown(id, now);
      const refusal = claimRefusal(task, byId);
      if (refusal) throw new ToolError(refusal);
      const claimed: Task = { ...task, owner: name, status: "in_progress", updatedAt: this.stamp() };
      await this.write(claimed);
      this.folder = { ...now, tasks: now.tasks.map((t) => (t.id === claimed.id ? claimed : t)) };
      return claimed;
    });
  }

  /** The error for an id with no task as of the last read: which ids exist, or that its file is broken. */
  notFound(id: number): ToolError {
    return this.unknown(id, this.folder);
  }

  /** The ToolError for an id with no loadable task, listing those that exist. */
  private unknown(id: number, folder: TaskFolder): ToolError {
    const broken = folder.taken.includes(id) ? ` (${TASK_DIR}/${taskFileName(id)} exists but could not be read: see /tasks)` : "";
    const existing = folder.tasks.length ? `tasks: ${describeIds(folder.tasks.map((t) => t.id))}` : "the board has no tasks yet";
    return new ToolError(`no task ${ref(id)}${broken}; ${existing}`);
  }

  /** A blocker named by a create, read under the lock; unknown or unreadable is refused. */
  private async mustRead(id: number, taken: number[]): Promise<Task> {
    const read = await readTask(this.dir, id);
    if (read && "task" in read) return read.task;
    const folder = await readTaskFolder(this.dir);
    throw this.unknown(id, { ...folder, taken });
  }

  private async write(task: Task): Promise<void> {
    await writeJsonFile(path.join(this.dir, taskFileName(task.id)), task);
  }

  /** What a create wrote, merged into what this board knew, without re-reading every file. */
  private remember(written: Task[], taken: number[]): void {
    const tasks = new Map(this.folder.tasks.map((t) => [t.id, t]));
    for (const task of written) tasks.set(task.id, task);
    this.folder = { ...this.folder, tasks: [...tasks.values()].sort((a, b) => a.id - b.id), taken: [...new Set(taken)].sort((a, b) => a - b) };
  }

  private locked<T>(fn: () => Promise<T>): Promise<T> {
    return withLock(path.join(this.dir, ".board"), fn, this.options.lock);
  }

  private stamp(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }

  /** .tasks/ as a folder (it may not exist yet), or an error saying what is in the way. */
  private async usableFolder(): Promise<void> {
    const info = await stat(this.dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return undefined;
      throw err;
    });
    if (info && !info.isDirectory()) {
      throw new ToolError(`${TASK_DIR} is a file, not a folder, so no task can be saved; it was left as it is. Move it away and try again.`);
    }
  }
}

/**
 * "The highest id + 1", counted only from ids a task can have (read-board.ts leaves out any
 * past MAX_TASK_ID); refused when the board has reached the last one, never wrapped onto a
 * file that exists.
 */
function idAfter(taken: readonly number[]): number {
  const highest = taken.reduce((a, b) => Math.max(a, b), 0);
  if (highest >= MAX_TASK_ID) {
    throw new ToolError(`cannot create a task: ${TASK_DIR}/${taskFileName(highest)} has the largest id a task can have, so no id is left after it; rename or remove that file`);
  }
  return highest + 1;
}

/** Refuse a status change the rules forbid, saying why and what to do instead. */
function checkStatusChange(task: Task, to: TaskStatus, byId: ReadonlyMap<number, Task>): void {
  if (task.status === "completed") {
    throw new ToolError(
      `task ${ref(task.id)} is completed and stays completed (tasks that waited for it may already have started). ` +
        "If work remains, create a new task for it.",
    );
  }
  if (to === "pending") return; // handing a task back is always allowed
  const open = openBlockers(task, byId);
  if (open.length > 0) {
    const what = open.map((id) => `${ref(id)} (${byId.get(id)?.status ?? "unreadable"})`).join(", ");
    throw new ToolError(`task ${ref(task.id)} cannot be ${to === "completed" ? "completed" : "started"} yet: it waits for ${what}. Finish those first.`);
  }
}

/** Record "`dependent` waits for `blocker`" on both sides, after checking it makes sense. */
function link(
  dependent: number,
  blocker: number,
  byId: ReadonlyMap<number, Task>,
  need: (id: number) => Task,
  edit: (task: Task) => void,
): void {
  if (dependent === blocker) throw new ToolError(`task ${ref(dependent)} cannot wait for itself`);
  const waiting = need(dependent);
  const waitedFor = need(blocker);
  if (waiting.blockedBy.includes(blocker) && waitedFor.blocks.includes(dependent)) return; // already linked
  if (waiting.status === "completed") {
    throw new ToolError(`task ${ref(dependent)} is completed: it cannot start waiting for ${ref(blocker)} now`);
  }
  const cycle = cycleIfLinked(dependent, blocker, byId);
  if (cycle) {
    throw new ToolError(
      `${ref(dependent)} cannot wait for ${ref(blocker)}: that would make a loop in which no task could ever start: ` +
        `${describeCycle(cycle)} (→ reads "waits for")`,
    );
  }
  if (!waiting.blockedBy.includes(blocker)) edit({ ...waiting, blockedBy: [...waiting.blockedBy, blocker] });
  const mirror = need(blocker);
  if (!mirror.blocks.includes(dependent)) edit({ ...mirror, blocks: [...mirror.blocks, dependent] });
}
