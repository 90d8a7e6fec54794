/**
 * The worktrees of one workspace: git does the work, the index keeps the books, the event log
 * the history. One worktree per task — its own folder, its own branch — so two agents editing
 * the same project at once never write into each other's files:
 *
 *   worktree_create discount ──► git worktree add -b wt/discount .worktrees/discount <base>
 *                                index: { name: discount, status: active, task_id: 1 } · event
 *   …agents work and commit there…
 *   worktree_remove discount ──► refused while work is uncommitted or unmerged (unless force)
 *                                git worktree remove · git branch -d wt/discount · index: removed
 *
 * A worktree deleted by hand (rm -rf .worktrees/discount) is found by the next look: its entry
 * is marked removed with a note, git forgets it (`worktree prune`), and the log says so.
 */
import { access, appendFile, lstat, mkdir, realpath } from "node:fs/promises";
import path from "node:path";
import { ToolError } from "@learn/core";
import type { TaskBoard } from "@learn/s08";
import { repositoryOf } from "./git/repository.ts";
import { git, gitSays } from "./git/run-git.ts";
import { EventLog } from "./events.ts";
import { isLive, WorktreeIndex, type WorktreeEntry } from "./index-file.ts";
import { branchOf, WORKTREE_DIR, worktreePath } from "./names.ts";

export interface CreateWorktree {
  name: string;
  taskId?: number;
  /** A branch, tag or commit; default HEAD. */
  baseRef?: string;
}

export interface RemoveWorktree {
  name: string;
  /** Throw away uncommitted or unmerged work. */
  force?: boolean;
  /** Mark the bound task completed. */
  completeTask?: boolean;
}

const exists = (file: string) => access(file).then(() => true, () => false);

export class Worktrees {
  readonly workspace: string;
  readonly index: WorktreeIndex;
  readonly events: EventLog;

  constructor(workspace: string, readonly board: TaskBoard, private readonly now: () => Date = () => new Date()) {
    this.workspace = path.resolve(workspace);
    this.index = new WorktreeIndex(this.workspace);
    this.events = new EventLog(this.workspace, now);
  }

  /** The worktree's folder (absolute), from its name: the index's `path` is only checked against it. */
  folderOf(entry: Pick<WorktreeEntry, "name">): string {
    return path.join(this.workspace, worktreePath(entry.name));
  }

  /**
   * The folder, once it is known to be a real folder where it should be — not a symlink (nor a
   * `.worktrees` that is one) leading out of the workspace — before anything runs, looks or
   * deletes there.
   */
  async checkedFolderOf(entry: Pick<WorktreeEntry, "name">): Promise<string> {
    const folder = this.folderOf(entry);
    const [stat, real, workspace] = await Promise.all([lstat(folder).catch(() => undefined), realpath(folder).catch(() => undefined), realpath(this.workspace)]);
    if (stat?.isDirectory() && real === path.join(workspace, worktreePath(entry.name))) return folder;
    const what = !stat ? "is missing" : stat.isSymbolicLink() ? "is a symlink" : !stat.isDirectory() ? "is not a folder" : `leads to ${real}, outside this workspace`;
    throw new ToolError(`${worktreePath(entry.name)} ${what}: nothing was run or removed there. A person should look at it (and at ${WORKTREE_DIR}/).`);
  }

  async create({ name, taskId, baseRef = "HEAD" }: CreateWorktree, signal?: AbortSignal): Promise<WorktreeEntry> {
    const root = await repositoryOf(this.workspace, signal);
    if (taskId !== undefined) await this.task(taskId);
    await this.heal();
    const entry = await this.index.update(async (entries) => {
      this.checkFree(entries, name, taskId);
      const base = await this.commitOf(baseRef, signal);
      const branch = branchOf(name);
      if (await gitSays(root, ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`], signal)) {
        throw new ToolError(`Branch ${branch} already exists (left by an earlier worktree named ${name}?): merge or delete it (git branch -D ${branch}), or choose another name. Nothing was created.`);
      }
      if (await exists(path.join(root, worktreePath(name)))) throw new ToolError(`${worktreePath(name)} already exists on disk, outside the index: move it away first. Nothing was created.`);
      await this.keepOutOfCommits(root, signal);
      await git(root, ["worktree", "add", "--quiet", "-b", branch, path.join(root, worktreePath(name)), base], signal);
      const made: WorktreeEntry = { name, path: worktreePath(name), branch, task_id: taskId ?? null, status: "active", base, created_at: this.now().toISOString() };
      // A removed worktree's name may be used again: the new entry takes its place (the log keeps the old one).
      return { entries: [...entries.filter((e) => e.name !== name), made], result: made };
    });
    await this.events.append("worktree.create", name, { branch: entry.branch, base: entry.base, task_id: entry.task_id });
    return entry;
  }

  /** Bind a task to a worktree: whoever works that task works in it. */
  async bind(taskId: number, name: string): Promise<WorktreeEntry> {
    await this.task(taskId);
    await this.heal();
    const entry = await this.index.update(async (entries) => {
      const found = this.live(entries, name);
      const other = entries.find((e) => isLive(e) && e.task_id === taskId && e.name !== name);
      if (other) throw new ToolError(`Task #${taskId} is already bound to worktree ${other.name}: one worktree per task.`);
      const bound = { ...found, task_id: taskId };
      return { entries: entries.map((e) => (e === found ? bound : e)), result: bound };
    });
    await this.events.append("worktree.bind", name, { task_id: taskId });
    return entry;
  }

  /** Leave a worktree in place on purpose, for a person to look at. */
  async keep(name: string): Promise<WorktreeEntry> {
    await this.heal();
    const entry = await this.index.update(async (entries) => {
      const found = this.live(entries, name);
      const kept = { ...found, status: "kept" as const };
      return { entries: entries.map((e) => (e === found ? kept : e)), result: kept };
    });
    await this.events.append("worktree.keep", name);
    return entry;
  }

  /** Remove a worktree and its branch; refused while its work is uncommitted or unmerged, unless forced. */
  async remove({ name, force = false, completeTask = false }: RemoveWorktree, signal?: AbortSignal): Promise<{ entry: WorktreeEntry; completed?: number }> {
    const root = await repositoryOf(this.workspace, signal);
    await this.heal();
    const entry = await this.index.update(async (entries) => {
      const found = this.live(entries, name);
      const folder = await this.checkedFolderOf(found);
      if (!force) await this.checkNothingLost(root, found, signal);
      await git(root, ["worktree", "remove", ...(force ? ["--force"] : []), folder], signal);
      await git(root, ["branch", force ? "-D" : "-d", found.branch], signal);
      const removed = { ...found, status: "removed" as const, removed_at: this.now().toISOString(), ...(force ? { note: "removed with force: unmerged work was dropped" } : {}) };
      return { entries: entries.map((e) => (e === found ? removed : e)), result: removed };
    });
    await this.events.append("worktree.remove", name, { branch: entry.branch, force });
    if (!completeTask || entry.task_id === null) return { entry };
    await this.board.reload();
    await this.board.update(entry.task_id, { status: "completed" });
    return { entry, completed: entry.task_id };
  }

  /** Every entry, after healing; the index's problem if it has one. */
  async list(): Promise<{ entries: WorktreeEntry[]; problem?: string }> {
    await this.heal();
    return this.index.read();
  }

  /** One entry by name (any status), after healing. */
  async get(name: string): Promise<WorktreeEntry> {
    const { entries, problem } = await this.list();
    if (problem) throw new ToolError(problem);
    const found = entries.find((e) => e.name === name);
    if (!found) throw new ToolError(`No worktree named ${name}. ${namesIn(entries)}`);
    return found;
  }

  /**
   * Find worktrees deleted by hand: mark them removed (with a note), let git forget them, log it.
   * Returns their names. Reading is enough when nothing is missing (no lock, no write).
   */
  async heal(): Promise<string[]> {
    const { entries } = await this.index.read();
    const missing = [];
    for (const e of entries) if (isLive(e) && !(await exists(this.folderOf(e)))) missing.push(e.name);
    if (missing.length === 0) return [];
    const healed = await this.index.update(async (now) => {
      const gone: string[] = [];
      const next = [];
      for (const e of now) {
        const lost = isLive(e) && !(await exists(this.folderOf(e)));
        if (lost) gone.push(e.name);
        next.push(lost ? { ...e, status: "removed" as const, removed_at: this.now().toISOString(), note: `its folder was deleted by hand; branch ${e.branch} was kept` } : e);
      }
      return { entries: next, result: gone };
    });
    await gitSays(this.workspace, ["worktree", "prune"]);
    for (const name of healed) await this.events.append("worktree.missing", name);
    return healed;
  }

  /** A live entry by name, or why there is none. */
  private live(entries: WorktreeEntry[], name: string): WorktreeEntry {
    const found = entries.find((e) => e.name === name);
    if (!found) throw new ToolError(`No worktree named ${name}. ${namesIn(entries)}`);
    if (!isLive(found)) throw new ToolError(`Worktree ${name} was removed${found.note ? ` (${found.note})` : ""}; worktree_create makes a new one with that name.`);
    return found;
  }

  private checkFree(entries: WorktreeEntry[], name: string, taskId: number | undefined): void {
    const taken = entries.find((e) => e.name === name && isLive(e));
    if (taken) throw new ToolError(`A worktree named ${name} already exists (${taken.status}, ${taken.path}): choose another name, or remove it first.`);
    const bound = taskId === undefined ? undefined : entries.find((e) => isLive(e) && e.task_id === taskId);
    if (bound) throw new ToolError(`Task #${taskId} already has worktree ${bound.name}: one worktree per task.`);
  }

  /** Work that removing would lose: uncommitted changes, or commits the workspace's branch lacks. */
  private async checkNothingLost(root: string, entry: WorktreeEntry, signal?: AbortSignal): Promise<void> {
    const changes = await uncommitted(await this.checkedFolderOf(entry), signal);
    if (changes.length) {
      throw new ToolError(`Worktree ${entry.name} has uncommitted changes (${changes.slice(0, 5).join(", ")}${changes.length > 5 ? ", …" : ""}): commit them and merge ${entry.branch}, or pass force: true to throw them away. Nothing was removed.`);
    }
    if (!(await gitSays(root, ["merge-base", "--is-ancestor", entry.branch, "HEAD"], signal))) {
      const count = (await git(root, ["rev-list", "--count", `HEAD..${entry.branch}`], signal)).trim();
      throw new ToolError(`Branch ${entry.branch} has ${count} commit(s) not merged into the workspace's branch: merge it (git merge ${entry.branch}), or pass force: true to throw them away. Nothing was removed.`);
    }
  }

  /** A ref as a commit id, or a clear refusal (git reads nothing of it as an option). */
  private async commitOf(ref: string, signal?: AbortSignal): Promise<string> {
    const ok = await gitSays(this.workspace, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`], signal);
    if (!ok) throw new ToolError(`base_ref "${ref}" is not a commit in this repository (give a branch, a tag or a commit id). Nothing was created.`);
    return (await git(this.workspace, ["rev-parse", "--verify", "--end-of-options", `${ref}^{commit}`], signal)).trim();
  }

  /** `.worktrees/` must never be committed to the workspace's own branch: git's exclude file says so. */
  private async keepOutOfCommits(root: string, signal?: AbortSignal): Promise<void> {
    if (await gitSays(root, ["check-ignore", "--quiet", `${WORKTREE_DIR}/probe`], signal)) return;
    const exclude = path.resolve(root, (await git(root, ["rev-parse", "--git-path", "info/exclude"], signal)).trim());
    await mkdir(path.dirname(exclude), { recursive: true });
    await appendFile(exclude, `\n/${WORKTREE_DIR}/\n`);
  }

  private async task(id: number) {
    await this.board.reload();
    const task = this.board.get(id);
    if (!task) throw this.board.notFound(id);
    return task;
  }
}

/**
 * `git status --porcelain` of a folder: one "XY path" line per change. Submodules are not
 * looked into: each is a repository with a config of its own, which git would obey there and
 * runGit has not read (and `git worktree remove` refuses a worktree holding one anyway).
 */
export async function uncommitted(folder: string, signal?: AbortSignal): Promise<string[]> {
  return (await git(folder, ["status", "--porcelain", "--ignore-submodules=all"], signal)).split("\n").filter(Boolean);
}

export function namesIn(entries: readonly WorktreeEntry[]): string {
  const live = entries.filter(isLive).map((e) => e.name);
  return live.length ? `Worktrees: ${live.join(", ")}.` : "There are no worktrees yet (worktree_create makes one).";
}
