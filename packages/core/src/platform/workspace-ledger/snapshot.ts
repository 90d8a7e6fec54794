/**
 * A snapshot of a workspace's files: for each regular file, a stamp made of its size, its
 * modification time and its inode — no content is read. Two snapshots taken before and after
 * a tool call name the files the call changed; only those are then read (and hashed). The
 * practice workspace holds a few dozen files, so a snapshot costs well under a millisecond.
 *
 * What a snapshot leaves out, on purpose: the harness's own state (reset deletes it whole),
 * .git and node_modules, symbolic links and anything else that is not a regular file, and
 * every file past MAX_SNAPSHOT_FILES (then `complete` is false). A write there is not noted,
 * so reset counts it as the student's and keeps it: a gap in the ledger never loses work.
 */
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { isHarnessState, NOT_WALKED } from "./harness-state.ts";

/** Past this many files a workspace is not walked further (an unpacked archive, a build). */
export const MAX_SNAPSHOT_FILES = 5000;

export interface Snapshot {
  /** Workspace-relative path ("shop/src/cart.js") → stamp. */
  stamps: Map<string, string>;
  /** False when MAX_SNAPSHOT_FILES stopped the walk. */
  complete: boolean;
}

export async function takeSnapshot(root: string, maxFiles = MAX_SNAPSHOT_FILES): Promise<Snapshot> {
  const stamps = new Map<string, string>();
  let complete = true;
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if ((NOT_WALKED as readonly string[]).includes(entry.name) || isHarnessState(child)) continue;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) {
        if (stamps.size >= maxFiles) {
          complete = false;
          return;
        }
        // A file gone between the listing and the stat was deleted meanwhile: not in this snapshot.
        const info = await lstat(path.join(root, child), { bigint: true }).catch(() => undefined);
        if (info?.isFile()) stamps.set(child, `${info.size}:${info.mtimeNs}:${info.ino}`);
      }
    }
  };
  await walk("");
  return { stamps, complete };
}

/**
 * The files that differ between two snapshots: changed or new, and deleted. A cut-short
 * snapshot cannot tell "new" or "gone" from "past the limit", so then only what it saw change is named.
 */
export function changesBetween(before: Snapshot, after: Snapshot): { written: string[]; deleted: string[] } {
  const written = [...after.stamps]
    .filter(([file, stamp]) => (before.complete || before.stamps.has(file)) && before.stamps.get(file) !== stamp)
    .map(([file]) => file);
  const deleted = after.complete ? [...before.stamps.keys()].filter((file) => !after.stamps.has(file)) : [];
  return { written, deleted };
}
