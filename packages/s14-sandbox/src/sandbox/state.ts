/**
 * The session's sandbox, looked at once when the lead is built (its children share it): the
 * settings, `--sandbox` over them, and — when it is on — a trial start. Where the trial fails,
 * the one line that says so, and who decides instead.
 */
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { probeSandbox, type SandboxProbe } from "./probe.ts";
import { readSandboxSettings, type SandboxSettings } from "./settings.ts";

/** What /sandbox shows, and what decides how commands start. */
export interface SandboxState {
  settings: SandboxSettings;
  /** Undefined when the sandbox is off: nothing was tried. */
  probe?: SandboxProbe;
  /** The session's temp dir, writable inside (TMPDIR): made when the sandbox is active, removed at the end. */
  tmp?: string;
}

/** Sandboxed: on, and it starts here. */
export const isActive = (state: SandboxState) => state.settings.enabled && state.probe?.available === true;

/** `flag`: `--sandbox true|false`, undefined when not given. `notice`: where the one line goes. */
export async function sandboxStateOf(cwd: string, flag: string | undefined, userDir: string | undefined, notice: (line: string) => void): Promise<SandboxState> {
  const settings = await readSandboxSettings(cwd, userDir);
  if (flag !== undefined) settings.enabled = flag === "true";
  if (!settings.enabled) return { settings };
  const probe = await probeSandbox(cwd);
  if (probe.available) return { settings, probe, tmp: await mkdtemp(path.join(os.tmpdir(), "learn-sandbox-")) };
  notice(
    settings.failIfUnavailable
      ? `Sandbox: ${probe.reason}. sandbox.failIfUnavailable is set: no command will run.`
      : `Sandbox: ${probe.reason}. Commands run unsandboxed; the permission policy alone decides, as in lesson 3.`,
  );
  return { settings, probe };
}
