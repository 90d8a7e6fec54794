/**
 * A lock shared by every process on the machine, for read-modify-write of state files.
 *
 * Atomic rename makes each *write* whole, but it cannot make a *read-modify-write* whole.
 * Two agents creating a task both list `.tasks/`, both see 7 as the highest id, and both
 * write `8.json`: each write is atomic, and one task is silently lost. Two teammates
 * appending to one inbox while a third drains it lose messages the same way. A lock makes
 * the read, the decision and the write one step that no other process can interleave.
 *
 *     process A:  lock ─ read max id (7) ─ write 8.json ─ unlock
 *     process B:        waits ··························· lock ─ read max id (8) ─ write 9.json ─ unlock
 *
 * The lock is the folder `<target>.lock`, made with `mkdir`, which the OS does atomically:
 * exactly one process succeeds (proper-lockfile). The holder touches it every few seconds;
 * a process killed with kill -9 cannot remove its lock, so a lock nobody has touched for
 * `staleMs` is treated as abandoned and taken over. Waiters retry with growing, randomized
 * pauses, so many processes waiting on one lock do not wake in step.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type lockfileModule from "proper-lockfile";

/** Loaded on first use: most sessions never take a lock, and every lesson starts faster without it. */
let lockfile: typeof lockfileModule | undefined;

export interface LockOptions {
  /** A lock untouched this long belongs to a dead process and is taken over. Default 10 s; at least 2 s. */
  staleMs?: number;
  /**
   * About how long to keep trying before giving up with a LockError. Default 30 s: longer than
   * `staleMs`, so an abandoned lock is taken over before we give up on it.
   */
  waitMs?: number;
}

/**
 * Pauses between attempts: from 2 ms, growing by 1.2 with random jitter, up to 30 ms. Locks
 * here are held for a millisecond or two (one append, one small file), so a waiter that
 * slept longer would mostly find the lock free and everyone waiting.
 */
const MIN_PAUSE_MS = 2;
const MAX_PAUSE_MS = 30;

export class LockError extends Error {
  override name = "LockError";
}

/**
 * Run `fn` while holding the lock on `target` (a file or folder, which need not exist yet).
 * Not re-entrant: inside `fn`, taking the same lock again waits for itself and fails.
 */
export async function withLock<T>(target: string, fn: () => Promise<T> | T, options: LockOptions = {}): Promise<T> {
  const staleMs = Math.max(options.staleMs ?? 10_000, 2000);
  const file = path.resolve(target);
  await mkdir(path.dirname(file), { recursive: true }); // the lock folder lives beside the target
  let compromised: Error | undefined;
  let release: () => Promise<void>;
  lockfile ??= (await import("proper-lockfile")).default;
  try {
    release = await lockfile.lock(file, {
      realpath: false, // the target may not exist yet (the first message to a new inbox)
      stale: staleMs,
      retries: {
        retries: Math.ceil((options.waitMs ?? 30_000) / MAX_PAUSE_MS),
        factor: 1.2,
        minTimeout: MIN_PAUSE_MS,
        maxTimeout: MAX_PAUSE_MS,
        randomize: true,
      },
      // Without this, proper-lockfile throws from a timer and kills the process.
      onCompromised: (err) => {
        compromised = err;
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ELOCKED") throw err;
    throw new LockError(
      `could not lock ${target}: ${file}.lock is held by someone else. ` +
        `If no process is using it, it is taken over once untouched for ${staleMs / 1000} s.`,
    );
  }
  try {
    return await fn();
  } finally {
    // Released on success and on a throw alike: a failed step must not block everyone else.
    await release().catch((err: unknown) => {
      if (!compromised) throw err;
    });
    if (compromised) {
      // Someone else took the lock while we held it (we were stalled past staleMs): what
      // fn wrote may have raced with them. Say so instead of pretending all went well.
      // biome-ignore lint/correctness/noUnsafeFinally: meant: a lost lock outweighs fn's own result or error
      throw new LockError(`lost the lock on ${target} while using it: ${compromised.message}`, { cause: compromised });
    }
  }
}
