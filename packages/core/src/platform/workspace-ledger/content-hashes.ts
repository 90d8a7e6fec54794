/**
 * What each file of the watched workspace holds, as a sha256, taken before a tool call runs:
 * a file the call touched (`touch`, a rewrite of the same bytes) but left as it was is not the
 * agent's work, and must not be noted as such — `pnpm reset` would revert or delete what the
 * student wrote. A file is read only when its stamp (size, mtime, inode) is new: between
 * tool calls that is the few files that changed, so the cost after the first call is a lookup.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { readRegularFile } from "../state/regular-file.ts";
import type { Snapshot } from "./snapshot.ts";

/** Past this size a file is not hashed: it is neither claimed nor cleared (it counts as the student's). */
export const MAX_HASHED_BYTES = 64 * 1024 * 1024;

/** The file's sha256, or undefined when it is gone, too large or no regular file. */
export async function hashOf(file: string): Promise<string | undefined> {
  const bytes = await readRegularFile(file, { noFollow: true, maxBytes: MAX_HASHED_BYTES }).catch(() => undefined);
  return bytes && createHash("sha256").update(bytes).digest("hex");
}

/** Hashes by path, each kept with the stamp it was read at. */
export class ContentHashes {
  private readonly known = new Map<string, { stamp: string; sha256: string | undefined }>();

  /** Every file of the snapshot → its hash now (read again only where the stamp changed). */
  async of(root: string, snapshot: Snapshot): Promise<Map<string, string | undefined>> {
    for (const file of this.known.keys()) if (!snapshot.stamps.has(file)) this.known.delete(file);
    const stale = [...snapshot.stamps].filter(([file, stamp]) => this.known.get(file)?.stamp !== stamp);
    await Promise.all(stale.map(async ([file, stamp]) => this.known.set(file, { stamp, sha256: await hashOf(path.join(root, file)) })));
    return new Map([...snapshot.stamps.keys()].map((file) => [file, this.known.get(file)?.sha256]));
  }
}
