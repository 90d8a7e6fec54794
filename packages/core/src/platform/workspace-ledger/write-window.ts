/**
 * The window around a tool call (or a background job's lifetime) in which whatever changes in
 * the real practice workspace is the harness's doing:
 *
 *   snapshot + hashes ── the tool runs ── snapshot → files that changed → hash what each holds
 *   now → the ones whose content differs from before → ledger
 *
 * A file whose bytes are what they were (touched, or rewritten the same) is not noted: it stays
 * whoever's it was (content-hashes.ts).
 *
 * Who opens a window: the command line, around every tool call of its session (a tool wrapper,
 * app/reset-ledger.ts), and s09 for a background job's lifetime. Only the real practice
 * workspace is watched, and only when the agent works in it (or in a folder inside it): demos
 * and tests work in temporary copies and pay one string comparison.
 * A student who edits a file in the very seconds a tool runs has that edit counted as the
 * agent's; reset would revert it, and it names every file it reverts.
 *
 * Nothing here may break a session: a failure to note a write is reported once, and the
 * tool's result is what it would have been. The unnoted file then counts as the student's.
 */
import path from "node:path";
import { practiceWorkspace } from "../config.ts";
import { ContentHashes, hashOf } from "./content-hashes.ts";
import { addToLedger, ledgerFileFor, type LedgerRecord } from "./ledger-file.ts";
import { changesBetween, MAX_SNAPSHOT_FILES, takeSnapshot } from "./snapshot.ts";

/** Which workspace is watched, and where its ledger is. */
export interface LedgerTarget {
  workspace: string;
  ledger: string;
}

let target: LedgerTarget | undefined;
/** The watched workspace's files as they were when the last window opened (kept across windows). */
let hashes = new ContentHashes();
/** Once a process: a failure is reported, and the note that the workspace is too large to watch whole. */
let reported = false;
let notedTooLarge = false;

/** The real practice workspace; undefined when there is none (core used outside the course's repository). */
async function currentTarget(): Promise<LedgerTarget | undefined> {
  if (!target) {
    try {
      const workspace = path.resolve(practiceWorkspace());
      target = { workspace, ledger: ledgerFileFor(workspace) };
    } catch {
      return undefined;
    }
  }
  return target;
}

/**
 * Watch another folder instead of the real practice workspace: tests, with a temporary copy
 * laid out like the repository. Returns the function that puts the real one back.
 */
export function watchWorkspaceForTests(workspace: string): () => void {
  const before = target;
  const resolved = path.resolve(workspace);
  target = { workspace: resolved, ledger: ledgerFileFor(resolved) };
  hashes = new ContentHashes();
  reported = notedTooLarge = false; // a new workspace: its first problem is reported again
  return () => {
    target = before;
    hashes = new ContentHashes();
    reported = notedTooLarge = false;
  };
}

export interface WriteWindow {
  /** Note what changed since the window opened. Never throws. */
  close(): Promise<void>;
}

const NOTHING_WATCHED: WriteWindow = { close: async () => {} };

/**
 * The window opened last: the next one opens after it. Opening takes a snapshot, whose time
 * varies, so without this two tool calls started in order A, B could start running in order
 * B, A — and a call that names something as it starts (the task tool numbers its child) would
 * name them in the wrong order. Windows open in the order asked for; they still close freely.
 */
let lastOpened: Promise<unknown> = Promise.resolve();

/**
 * Open a window when `cwd` is in the watched workspace; `report` hears a failure (once a
 * process). Never throws, whatever it is given: a tool's outcome must not depend on it.
 * Windows open in the order they were asked for (first in, first out).
 */
export function openWriteWindow(cwd: string, report: (message: string) => void = () => {}): Promise<WriteWindow> {
  const opening = lastOpened.then(() => openWindow(cwd, report)).catch(() => NOTHING_WATCHED);
  lastOpened = opening;
  return opening;
}

async function openWindow(cwd: string, report: (message: string) => void): Promise<WriteWindow> {
  const watched = await currentTarget();
  if (!watched || typeof cwd !== "string") return NOTHING_WATCHED;
  const { workspace, ledger } = watched;
  const rel = path.relative(workspace, path.resolve(cwd));
  if (rel.startsWith("..") || path.isAbsolute(rel)) return NOTHING_WATCHED;
  const failed = (err: unknown) => {
    if (reported) return;
    reported = true;
    try {
      report(`Could not note what the agent wrote in ${path.basename(workspace)}/ for \`pnpm reset\` (${err instanceof Error ? err.message : String(err)}): reset will keep those files as yours.`);
    } catch {
      // (a report that fails is one failure too many: the session goes on)
    }
  };
  const before = await takeSnapshot(workspace);
  const contentBefore = await hashes.of(workspace, before);
  return {
    async close() {
      try {
        const after = await takeSnapshot(workspace);
        const { written, deleted } = changesBetween(before, after);
        const record: LedgerRecord = { files: {}, notes: [] };
        if ((!before.complete || !after.complete) && !notedTooLarge) {
          notedTooLarge = true;
          record.notes.push(`The workspace held more than ${MAX_SNAPSHOT_FILES} files: some writes were not noted.`);
        }
        if (written.length === 0 && deleted.length === 0 && record.notes.length === 0) return;
        const hashed = await Promise.all(written.map(async (file) => [file, await hashOf(path.join(workspace, file))] as const));
        // Same bytes as before the call (touched, rewritten the same): not the agent's work.
        const left = hashed.flatMap(([file, sha256]) => (sha256 && sha256 !== contentBefore.get(file) ? [[file, { sha256 }] as const] : []));
        const gone = deleted.map((file) => [file, { deleted: true as const }] as const);
        record.files = Object.fromEntries([...left, ...gone]);
        if (left.length === 0 && gone.length === 0 && record.notes.length === 0) return;
        await addToLedger(ledger, record);
      } catch (err) {
        failed(err);
      }
    },
  };
}

/** Run `fn` inside a window on `cwd`: what it writes into the watched workspace is noted. */
export async function recordingWrites<T>(cwd: string, report: (message: string) => void, fn: () => Promise<T> | T): Promise<T> {
  const window = await openWriteWindow(cwd, report);
  try {
    return await fn();
  } finally {
    await window.close();
  }
}
