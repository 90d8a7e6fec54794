/**
 * File checkpoints for /rewind, on the write ledger's own machinery (core's snapshots and
 * content hashes, which see whatever changed a file — bash's writes included, where Claude
 * Code's checkpoints track only its edit tools):
 *
 *   prompt k arrives ── before_k: every file's hash, its bytes kept once per hash ── each tool round ── after_k
 *
 * Rewinding the files to before prompt n puts back what the agent changed in turns n, n+1, …
 * (a file whose hash differs between before_k and after_k, after its last tool round), as it was at before_n. What it will
 * not touch, and says so: a file that also changed between turns (after_k → before_k+1, or since
 * the last turn) — the person's edit, or a background job that finished after its turn — since
 * putting it back would throw that work away; and a file whose bytes were not kept (too large,
 * or holding a known secret, which never reaches a file the harness writes).
 *
 * The checkpoints outlive the process: each change of the list is written (atomically) to
 * `<blobs>/<session id>.json`, beside the kept bytes, so a resumed session rewinds files its
 * earlier process changed (checkpoint-file.ts). A fork or a branch writes the list on under
 * its new id; the old session's file stays as it was.
 */
import { createHash } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ContentHashes, readRegularFile, takeSnapshot, writeFileAtomic } from "@learn/core/harness";
import { loadCheckpoints, saveCheckpoints, type Checkpoint, type Hashes } from "./checkpoint-file.ts";

export interface RewindReport {
  restored: string[];
  deleted: string[];
  /** Changed outside the agent's turns since then: left as they are. */
  keptOutside: string[];
  /** The agent changed them, but their bytes were not kept: left as they are. */
  notKept: string[];
  /** The prompt has no checkpoint (its turn ran where none was kept: a transcript of another program, a lost list): nothing touched. */
  noCheckpoint?: boolean;
}

export class Checkpoints {
  private list: (Checkpoint | undefined)[] = [];
  private readonly hashes = new ContentHashes();
  /** One step at a time: the end of a turn (an idle listener, not awaited) must be done before the next prompt's. */
  private queue: Promise<unknown> = Promise.resolve();

  private serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => {});
    return next;
  }

  /**
   * `blobs`: where file contents are kept, one file per sha256, and each session's list.
   * `sessionId`: the session the list belongs to now (read at each write: a fork changes it).
   * `skip`: a folder of the workspace not to watch (the transcripts, if kept inside it).
   */
  constructor(private readonly root: () => string, private readonly blobs: string, private readonly sessionId: () => string, private readonly skip?: string) {}

  /** Take up the list session `id` kept (a resume; nothing kept: none), and write it on under the current session. Returns a note when the kept list could not be read. */
  load(id: string): Promise<string | undefined> {
    return this.serial(async () => {
      const { list, problem } = await loadCheckpoints(this.blobs, id);
      this.list = list;
      await this.save();
      return problem;
    });
  }

  private save(): Promise<void> {
    return saveCheckpoints(this.blobs, this.sessionId(), this.list);
  }

  /** How many prompts have a checkpoint. */
  get size(): number {
    return this.list.length;
  }

  /** Before prompt number `n` (0-based) runs. */
  beforePrompt(n: number): Promise<void> {
    return this.serial(async () => {
      const before = await this.hashNow(true);
      this.list.length = Math.min(this.list.length, n);
      this.list[n] = { before };
      await this.save();
    });
  }

  /**
   * A round of tool calls ended (the kernel waits for this, so nothing after it can slip in):
   * what the files hold now is what the agent's turn left, so far.
   */
  afterRound(): Promise<void> {
    return this.serial(async () => {
      const last = this.list.at(-1);
      if (!last) return;
      last.after = await this.hashNow(false);
      await this.save();
    });
  }

  /** Forget the checkpoints from prompt `n` on (the conversation was rewound there; /clear: all). */
  dropFrom(n: number): Promise<void> {
    return this.serial(async () => {
      this.list.length = Math.min(this.list.length, n);
      await this.save();
    });
  }

  /** Put back what the agent changed since before prompt `n` (0-based), as the file's comment says. */
  rewindTo(n: number): Promise<RewindReport> {
    return this.serial(() => this.rewindNow(n));
  }

  private async rewindNow(n: number): Promise<RewindReport> {
    const target = this.list[n];
    if (!target) return { restored: [], deleted: [], keptOutside: [], notKept: [], noCheckpoint: true };
    const now = await this.hashNow(false);
    const agent = new Set<string>();
    const outside = new Set<string>();
    for (let k = n; k < this.list.length; k++) {
      const checkpoint = this.list[k];
      if (!checkpoint) continue; // a prompt with no checkpoint (see RewindReport.noCheckpoint)
      const { before, after } = checkpoint;
      const next = this.list[k + 1]?.before ?? now;
      if (after) for (const f of differing(before, after)) agent.add(f);
      for (const f of differing(after ?? before, next)) outside.add(f);
    }
    const report: RewindReport = { restored: [], deleted: [], keptOutside: [], notKept: [] };
    for (const file of [...agent].sort()) {
      if (outside.has(file)) report.keptOutside.push(file);
      else await this.restore(file, target.before.get(file), report);
    }
    report.keptOutside.push(...[...outside].filter((f) => !agent.has(f) && now.get(f) !== target.before.get(f)).sort());
    return report;
  }

  private async restore(file: string, sha: string | undefined, report: RewindReport): Promise<void> {
    const at = path.join(this.root(), file);
    if (sha === undefined) {
      await rm(at, { force: true });
      report.deleted.push(file);
      return;
    }
    const bytes = await readRegularFile(path.join(this.blobs, sha)).catch(() => undefined);
    // Kept bytes that do not hash to what the file held were changed on the way (a secret scrubbed out): not put back.
    if (!bytes || createHash("sha256").update(bytes).digest("hex") !== sha) return void report.notKept.push(file);
    await mkdir(path.dirname(at), { recursive: true });
    await writeFile(at, bytes); // the bytes as they were: not through the scrubbing writer, which could change them
    report.restored.push(file);
  }

  /** Every file's hash now; with `keep`, each content not kept yet is kept (its hash checked: a scrubbed secret is not kept). */
  private async hashNow(keep: boolean): Promise<Hashes> {
    const root = this.root();
    const snapshot = await takeSnapshot(root);
    if (this.skip) for (const file of snapshot.stamps.keys()) if (file === this.skip || file.startsWith(`${this.skip}/`)) snapshot.stamps.delete(file);
    const hashes = await this.hashes.of(root, snapshot);
    if (keep) for (const [file, sha] of hashes) if (sha) await this.keep(path.join(root, file), sha);
    return hashes;
  }

  private readonly kept = new Set<string>();

  private async keep(file: string, sha: string): Promise<void> {
    if (this.kept.has(sha)) return;
    this.kept.add(sha);
    const bytes = await readRegularFile(file).catch(() => undefined);
    if (!bytes) return;
    await writeFileAtomic(path.join(this.blobs, sha), bytes);
  }
}

/** The files whose hash differs between two maps (new, changed or gone). */
function differing(a: Hashes, b: Hashes): string[] {
  const files = new Set([...a.keys(), ...b.keys()]);
  return [...files].filter((f) => a.get(f) !== b.get(f));
}
