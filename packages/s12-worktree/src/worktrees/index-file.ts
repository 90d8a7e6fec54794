/**
 * The worktree index, `.worktrees/index.json`: every worktree this workspace made, what it is
 * for, and where it stands.
 *
 *   { "worktrees": [ { "name": "discount", "path": ".worktrees/discount", "branch": "wt/discount",
 *                      "task_id": 1, "status": "active", "base": "4f1c2e0…", "created_at": "…" } ] }
 *
 *   active   being worked in
 *   kept     left in place on purpose, for a person to look at
 *   removed  gone (its folder and branch deleted, or deleted by hand: see `note`)
 *
 * Agents change it at once (two teammates, the lead), so every change is a read-modify-write
 * under the file's lock, written atomically (core's LockedJsonFile). A broken file is never
 * overwritten: reading says what is wrong, changes refuse. Keys we do not read are kept as
 * they were (the schemas are loose).
 *
 * An entry's `path` and `branch` are its name's (`.worktrees/<name>`, `wt/<name>`) and nothing
 * else: the folder a command runs in and the branch a removal deletes are worked out from the
 * name, and an entry that says otherwise makes the whole file broken. Whoever edited it meant
 * the harness to act somewhere else; nothing is run or removed until a person looks.
 */
import path from "node:path";
import { LockedJsonFile } from "@learn/core/harness";
import { z } from "zod";
import { branchOf, WORKTREE_DIR, WORKTREE_NAME, worktreePath } from "./names.ts";

export const INDEX_FILE = `${WORKTREE_DIR}/index.json`;
export const WORKTREE_STATUSES = ["active", "kept", "removed"] as const;

const EntrySchema = z.looseObject({
  name: z.string().regex(WORKTREE_NAME, "not a valid worktree name"),
  path: z.string(),
  branch: z.string(),
  task_id: z.number().int().positive().nullable(),
  status: z.enum(WORKTREE_STATUSES),
  base: z.string(),
  created_at: z.string(),
  removed_at: z.string().optional(),
  note: z.string().optional(),
}).superRefine((entry, ctx) => {
  const want = { path: worktreePath(entry.name), branch: branchOf(entry.name) };
  for (const key of ["path", "branch"] as const) {
    if (entry[key] !== want[key]) ctx.addIssue({ code: "custom", path: [key], message: `worktree ${entry.name}'s ${key} must be ${want[key]}, not ${JSON.stringify(entry[key])}` });
  }
});
const IndexSchema = z.looseObject({ worktrees: z.array(EntrySchema) });

export type WorktreeEntry = z.output<typeof EntrySchema>;
type IndexData = z.output<typeof IndexSchema>;

/** The entries in use (not removed). */
export const isLive = (entry: WorktreeEntry) => entry.status !== "removed";

export class WorktreeIndex {
  readonly file: string;
  /** The same file, read and changed under its lock. */
  private readonly onDisk: LockedJsonFile<IndexData>;

  constructor(workspace: string) {
    this.file = path.join(path.resolve(workspace), INDEX_FILE);
    this.onDisk = new LockedJsonFile(this.file, { shown: INDEX_FILE, schema: IndexSchema, empty: () => ({ worktrees: [] }) });
  }

  /** Every entry, or the file's problem (and none). */
  async read(): Promise<{ entries: WorktreeEntry[]; problem?: string }> {
    const loaded = await this.onDisk.read();
    if (!loaded.ok) return { entries: [], problem: `${INDEX_FILE} is broken (${loaded.why}): fix it or delete it.` };
    return { entries: loaded.data.worktrees };
  }

  /**
   * Change the index under its lock: `edit` gets the entries as they are now and returns them
   * changed (and a result). Whatever `edit` awaits (git) happens while the lock is held, so two
   * agents creating one name cannot both pass the "is it free?" check.
   */
  update<T>(edit: (entries: WorktreeEntry[]) => Promise<{ entries: WorktreeEntry[]; result: T }>): Promise<T> {
    return this.onDisk.update(async (data) => {
      const { entries, result } = await edit(data.worktrees);
      return { data: { ...data, worktrees: entries }, result };
    });
  }
}
