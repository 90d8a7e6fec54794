/**
 * Every process this session starts, so none outlives it.
 *
 * Each process started by `process.ts` leads its own process group, and killing the group
 * (a negative pid) ends the whole tree — bash, the `npm test` it started, the node under
 * that. Two things escape a group, and this file handles both:
 *
 * - A child that calls `setsid` (or `nohup … &` under some shells) starts a new session and
 *   group. It keeps its environment, though, so every process we start carries a tag in it,
 *   `LEARN_PROCESS_TAG=<session>:<run>`, and `killTagged` finds the escapees by reading
 *   /proc/<pid>/environ. Where there is no /proc (macOS) the sweep does nothing, and the
 *   group kill is all there is. (A process that rewrites its own environment escapes this
 *   too; it is a safety net, not a sandbox.)
 * - The session itself ending — Ctrl-C, `kill`, a closed terminal. `installProcessCleanup`
 *   makes SIGINT, SIGTERM and SIGHUP kill every live group and every process tagged with
 *   this session, then exit with the conventional code 128 + the signal's number.
 */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

/** The environment variable that marks a process (and all its descendants) as ours. */
export const PROCESS_TAG_VAR = "LEARN_PROCESS_TAG";

const SESSION_TAG = randomUUID();

/** Process groups started and not yet finished: group id (the leader's pid) → its run's tag. */
const liveGroups = new Map<number, string>();
/** Whether this session ever started a process: if not, there is nothing to sweep for at exit. */
let startedAny = false;

/** A new tag for one run: the session's tag, then the run's own. */
export function newProcessTag(): string {
  return `${SESSION_TAG}:${randomUUID()}`;
}

export function trackGroup(pid: number, tag: string): void {
  startedAny = true;
  liveGroups.set(pid, tag);
}

export function untrackGroup(pid: number): void {
  liveGroups.delete(pid);
}

/** Signal a process group; false when it is already gone. */
export function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Signal every process whose environment holds a tag starting with `tagPrefix` (a run's tag,
 * or the session's to reach every run). Never this process itself.
 */
export function killTagged(tagPrefix: string, signal: NodeJS.Signals = "SIGKILL"): void {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return; // no /proc: nothing more we can find
  }
  const marker = `${PROCESS_TAG_VAR}=${tagPrefix}`;
  for (const name of pids) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    try {
      // environ is NUL-separated NAME=value pairs, as the process was started.
      const environ = readFileSync(`/proc/${name}/environ`, "latin1");
      if (!environ.startsWith(marker) && !environ.includes(`\0${marker}`)) continue;
      process.kill(pid, signal);
    } catch {
      /* gone meanwhile, or not ours to read */
    }
  }
}

/** Kill every process this session started and that may still run: the groups, then the escapees. */
export function killAllProcesses(): void {
  for (const pid of liveGroups.keys()) signalGroup(pid, "SIGKILL");
  liveGroups.clear();
  if (startedAny) killTagged(`${SESSION_TAG}:`);
}

let installed = false;

/**
 * For a program's entry point: end every child process when this one ends — on exit, and on
 * SIGTERM, SIGHUP and SIGINT, which then exit with 128 + the signal's number. SIGINT is left
 * to whoever else listens for it (a `--print` run aborts its turn on the first Ctrl-C); this
 * handler acts only when it is the only listener.
 */
export function installProcessCleanup(): void {
  if (installed) return;
  installed = true;
  process.on("exit", killAllProcesses);
  for (const signal of ["SIGTERM", "SIGHUP", "SIGINT"] as const) {
    process.on(signal, () => {
      if (signal === "SIGINT" && process.listenerCount("SIGINT") > 1) return;
      killAllProcesses();
      process.exit(128 + os.constants.signals[signal]);
    });
  }
}
