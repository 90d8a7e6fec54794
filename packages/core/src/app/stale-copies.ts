/**
 * The demo's temporary workspaces do not pile up. `--demo` works in a fresh copy of the
 * practice workspace under the system's temporary folder and leaves it there, so you can look
 * at what the agent did (the demo prints where). Each demo of a lesson made one more, and a
 * student's /tmp filled with them; so when a demo starts, that lesson's older demo copies go.
 *
 * Only copies this user made, named as `copyPracticeWorkspace` names them, and untouched for
 * ten minutes: a demo runs for seconds, so one still running (a second terminal, a test) is
 * never removed under it.
 */
import { lstat, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export const STALE_COPY_MS = 10 * 60 * 1000;

/** mkdtemp's random suffix: six characters. */
const SUFFIX = /^[A-Za-z0-9]{6}$/;

/** Remove the `learn-<label>-` folders (mkdtemp's six-character suffix) of this user, untouched for STALE_COPY_MS; what was removed. */
export async function removeStaleCopies(label: string, now = Date.now(), tmp = os.tmpdir()): Promise<string[]> {
  const prefix = `learn-${label}-`;
  const names = await readdir(tmp).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix) || !SUFFIX.test(name.slice(prefix.length))) continue;
    const dir = path.join(tmp, name);
    const info = await lstat(dir).catch(() => undefined);
    if (!info?.isDirectory() || info.uid !== process.getuid?.() || now - info.mtimeMs < STALE_COPY_MS) continue;
    await rm(dir, { recursive: true, force: true }).then(
      () => removed.push(dir),
      () => {}, // a copy we cannot remove stays: nothing depends on it going
    );
  }
  return removed;
}
