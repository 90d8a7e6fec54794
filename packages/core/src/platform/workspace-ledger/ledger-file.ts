/**
 * The ledger: what the harness wrote into the real practice workspace, kept beside it (at the
 * repository's root, git-ignored) so the agent never sees it in `ls`. For each file a tool
 * call (or a background job) changed, the hash of the content it left, or that it deleted it:
 *
 *   { "version": 1,
 *     "files": { "shop/src/cart.js": { "sha256": "9f2c…" }, "notes.txt": { "deleted": true } },
 *     "notes": ["…why some writes may be missing…"] }
 *
 * `pnpm reset` (scripts/reset-workspace.mjs) reads it: a file whose content still hashes to
 * what the harness left is the harness's, and is reverted or deleted; any other edit is the
 * student's, and is kept. Two sessions may write at once, so a record is a read-modify-write
 * under core's lock, and the file is replaced atomically. A damaged ledger is started afresh,
 * with a note saying so: writes before then count as the student's (kept), never the reverse.
 */
import path from "node:path";
import { z } from "zod";
import { readJsonFile, writeJsonFile } from "../state/json-file.ts";
import { withLock } from "../state/lock.ts";

/** Its name at the repository's root, next to practice-workspace/ (and in the root .gitignore). */
export const LEDGER_FILE = ".practice-workspace-ledger.json";

/** At most this many notes are kept: they explain gaps, they are not a log. */
const MAX_NOTES = 10;

const Entry = z.union([z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/) }), z.object({ deleted: z.literal(true) })]);
export type LedgerEntry = z.infer<typeof Entry>;

const Ledger = z.object({
  version: z.literal(1),
  files: z.record(z.string(), Entry),
  notes: z.array(z.string()).default([]),
});
export type Ledger = z.infer<typeof Ledger>;

/** What one window saw: workspace-relative path → what it left; and notes on what it could not see. */
export interface LedgerRecord {
  files: Record<string, LedgerEntry>;
  notes: string[];
}

/** Where the ledger of `workspace` lives: beside it, in the folder that holds it. */
export function ledgerFileFor(workspace: string): string {
  return path.join(path.dirname(workspace), LEDGER_FILE);
}

/** Add `record` to the ledger in `file`, later entries replacing earlier ones for the same path. */
export async function addToLedger(file: string, record: LedgerRecord): Promise<void> {
  await withLock(file, async () => {
    const found = await readJsonFile(file, Ledger);
    const ledger: Ledger = found.status === "ok" ? found.value : { version: 1, files: {}, notes: [] };
    if (found.status === "corrupt") {
      ledger.notes.push(`Started afresh on ${new Date().toISOString()}: the ledger could not be read (${found.error}). Files the agent wrote before then count as yours.`);
    }
    ledger.files = { ...ledger.files, ...record.files }; // (spread, not assign: a file named __proto__ stays a file)
    for (const note of record.notes) if (!ledger.notes.includes(note)) ledger.notes.push(note);
    ledger.notes = ledger.notes.slice(-MAX_NOTES);
    await writeJsonFile(file, ledger);
  });
}

/** The ledger in `file`, for tests and tools that read it; a missing or damaged one says which. */
export async function readLedger(file: string): Promise<{ status: "ok"; value: Ledger } | { status: "missing" } | { status: "corrupt"; error: string }> {
  const found = await readJsonFile(file, Ledger);
  if (found.status === "ok") return { status: "ok", value: found.value };
  return found.status === "missing" ? { status: "missing" } : { status: "corrupt", error: found.error };
}
