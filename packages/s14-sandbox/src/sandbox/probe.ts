/**
 * Can a sandbox start here? Asked once per session by starting one: bubblewrap with the very
 * options every command gets, running `true`. Whatever stops it — no bwrap installed, user
 * namespaces switched off, a container that forbids them, a platform with no bubblewrap —
 * becomes one line a person can act on. Never silently unsandboxed (the mechanism says so).
 */
import { startProcess } from "@learn/core/harness";
import { bwrapArgs } from "./bwrap.ts";

export type SandboxProbe = { available: true } | { available: false; reason: string };

/** How long the trial start may take. */
export const PROBE_TIMEOUT_MS = 10_000;

export async function probeSandbox(cwd: string): Promise<SandboxProbe> {
  if (process.platform !== "linux") return { available: false, reason: `no sandbox for ${process.platform} in this course (Claude Code uses Seatbelt on macOS)` };
  const mounts = { writable: [cwd], tmp: cwd, readOnly: [], hiddenFiles: [], hiddenFolders: [] };
  const trial = await startProcess("bwrap", [...bwrapArgs(mounts, cwd), "--", "true"], { cwd, timeoutMs: PROBE_TIMEOUT_MS }).done;
  if (trial.exitCode === 0) return { available: true };
  if (trial.startError?.includes("ENOENT")) return { available: false, reason: "bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)" };
  const said = trial.stderr.trim().split("\n")[0] || trial.startError || (trial.timedOut ? "it did not start in time" : `exit code ${trial.exitCode}`);
  return { available: false, reason: `bubblewrap cannot start here: ${said}` };
}
