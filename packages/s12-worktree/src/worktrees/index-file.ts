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
 * under the file's lock, written atomically. A broken file is never overwritten: reading says
 * what is wrong, changes refuse. Keys we do not read are kept as they were.
 */
import path from "node:path";
import { readJsonFile, ToolError, withLock, writeJsonFile } from "@learn/core";
import { z } from "zod";
import { WORKTREE_DIR, WORKTREE_NAME } from "./names.ts";

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
});
const IndexSchema = z.looseObject({ worktrees: z.array(EntrySchema) });

export type WorktreeEntry = z.output<typeof EntrySchema>;
type IndexData = z.output<typeof IndexSchema>;

/** The entries in use (not removed). */
export const isLive = (entry: WorktreeEntry) => entry.status !== "removed";

export class WorktreeIndex {
  readonly file: string;

  constructor(workspace: string) {
    this.file = path.join(path.resolve(workspace), INDEX_FILE);
  }

  /** Every entry, or the file's problem (and none). */
  async read(): Promise<{ entries: WorktreeEntry[]; problem?: string }> {
    const loaded = await this.load();
    if ("why" in loaded) return { entries: [], problem: `${INDEX_FILE} is broken (${loaded.why}): fix it or delete it.` };
    return { entries: loaded.worktrees };
  }

  /**
   * Change the index under its lock: `edit` gets the entries as they are now and returns them
   * changed (and a result). Whatever `edit` awaits (git) happens while the lock is held, so two
   * agents creating one name cannot both pass the "is it free?" check.
   */
  update<T>(edit: (entries: WorktreeEntry[]) => Promise<{ entries: WorktreeEntry[]; result: T }>): Promise<T> {
    return withLock(this.file, async () => {
      const loaded = await this.load();
      if ("why" in loaded) throw new ToolError(`${INDEX_FILE} is broken (${loaded.why}), so nothing was changed. Fix the file or delete it, then try again.`);
      const { entries, result } = await edit(loaded.worktrees);
      await writeJsonFile(this.file, { ...loaded, worktrees: entries });
      return result;
    });
  }

  private async load(): Promise<IndexData | { why: string }> {
    const read = await readJsonFile(this.file, IndexSchema).catch((err: Error) => ({ status: "corrupt" as const, error: err.message }));
    if (read.status === "missing") return { worktrees: [] };
    if (read.status === "ok") return read.value;
    return { why: read.error.startsWith(`${this.file}: `) ? read.error.slice(this.file.length + 2) : read.error };
  }
}
