/**
 * Who else works in this workspace? Two lessons started on the same folder share its files
 * and its state — s11's teammates claim the tasks s08's lead just made — and nothing on
 * either screen says why. So each session leaves a small marker while it runs, and a session
 * that starts where another one still runs says so, in one line, before anything happens.
 *
 *   <tmp>/learn-sessions/4711.json   { pid: 4711, lesson: "s08", workspace: "/…/practice-workspace" }
 *
 * - written atomically (a reader never sees half a marker), removed when the session exits;
 * - a marker whose pid is no longer running (kill -9, a crash) is stale: ignored, and tidied;
 * - kept outside the workspace: the agent never lists it, `git add -A` never commits it, and a
 *   demo's "is this workspace fresh?" never counts it.
 *
 * It warns and never refuses: two sessions on one folder may be exactly what you want (a
 * second terminal to watch .tasks/). (A pid the system gave to another program since is
 * taken for a live session: a false warning, never a lost file.)
 */
import { rmSync } from "node:fs";
import { lstat, mkdir, readdir, realpath, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { readJsonFile, writeJsonFile } from "../platform/state/json-file.ts";

/** Where the markers live: one folder for every workspace, one file per running session. */
export function sessionMarkerDir(): string {
  return path.join(os.tmpdir(), "learn-sessions");
}

const markerSchema = z.object({ pid: z.number().int().positive(), lesson: z.string(), workspace: z.string() });
export type SessionMarker = z.infer<typeof markerSchema>;

export interface SessionMarkerOptions {
  /** The markers' folder (tests use their own). */
  dir?: string;
  /** This session's pid (tests pretend to be another). */
  pid?: number;
}

/**
 * Mark `workspace` as worked in by `lesson` (this process) until the process exits, and
 * return the other live sessions already working there. Call the returned `release` to
 * remove the marker sooner (it is removed at exit regardless).
 */
export async function holdWorkspace(
  workspace: string,
  lesson: string,
  options: SessionMarkerOptions = {},
): Promise<{ others: SessionMarker[]; release: () => void }> {
  const dir = options.dir ?? sessionMarkerDir();
  const pid = options.pid ?? process.pid;
  const where = await realpath(workspace);
  await checkMarkerDir(dir);
  const others = await otherSessions(dir, where, pid);
  const file = path.join(dir, `${pid}.json`);
  await writeJsonFile(file, { pid, lesson, workspace: where } satisfies SessionMarker);
  // Sync: an "exit" listener cannot wait for a promise.
  const release = () => {
    process.off("exit", release);
    rmSync(file, { force: true });
  };
  process.on("exit", release);
  return { others, release };
}

/**
 * The markers' folder sits in the shared temporary folder, where anyone may have made it first:
 * a symlink there (to /etc, to a user's home) would have this session — root, perhaps — write
 * and delete files wherever it leads. So it must be a real folder of this user's; else no marker.
 */
async function checkMarkerDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  const uid = process.getuid?.();
  if (info.isSymbolicLink() || !info.isDirectory() || (uid !== undefined && info.uid !== uid)) {
    throw new Error(`${dir} is ${info.isSymbolicLink() ? "a symlink" : !info.isDirectory() ? "not a folder" : "another user's folder"}, and is not followed`);
  }
}

/** The one line a session prints when another one works in its workspace. */
export function otherSessionWarning(others: readonly SessionMarker[]): string {
  const named = others.map((o) => `${o.lesson} (pid ${o.pid})`).join(", ");
  return (
    `Another session works in this workspace: ${named}. Two lessons in one folder change each other's files and state ` +
    "(one's teammates would claim the other's tasks): exit that one first, or give this one another folder with --cwd."
  );
}

/** Live sessions other than `self` whose marker names `workspace`; stale markers are removed on the way. */
async function otherSessions(dir: string, workspace: string, self: number): Promise<SessionMarker[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const found: SessionMarker[] = [];
  for (const name of names.filter((n) => /^\d+\.json$/.test(n))) {
    const read = await readJsonFile(path.join(dir, name), markerSchema).catch(() => undefined);
    const marker = read?.status === "ok" ? read.value : undefined;
    if (!marker || marker.pid === self) continue;
    if (!isRunning(marker.pid)) {
      await rm(path.join(dir, name), { force: true }); // stale: its session died without tidying up
      continue;
    }
    if (marker.workspace === workspace) found.push(marker);
  }
  return found;
}

/** Signal 0 asks "does this pid exist?" without sending anything; EPERM means it does, as another user's. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
