/**
 * The `sandbox` key of Claude Code's settings files, read as Claude Code 2.1.328 names it:
 *
 *   "sandbox": {
 *     "enabled": true,                      run every command inside the OS sandbox (default false)
 *     "autoAllowBashIfSandboxed": true,     a sandboxed bash call needs no question (auto-allow.ts; default false)
 *     "excludedCommands": ["docker *"],     these run outside it, and the policy asks as before
 *     "failIfUnavailable": false,           no sandbox here: refuse commands instead of running them unsandboxed
 *     "network": { "allowedDomains": [] }   read and shown; the course keeps the network off (README)
 *   }
 *
 * Files merge as s03's do, least specific first: a later file's value wins, lists add up.
 * A `sandbox` value that is not of this shape stops the session, like any settings error.
 */
import { ConfigError, readRegularText, userClaudeDir } from "@learn/core/harness";
import { settingsPlaces } from "@learn/claude-code-files";
import { z } from "zod";

const sandboxSchema = z.object({
  enabled: z.boolean().optional(),
  autoAllowBashIfSandboxed: z.boolean().optional(),
  excludedCommands: z.array(z.string()).optional(),
  failIfUnavailable: z.boolean().optional(),
  network: z.object({ allowedDomains: z.array(z.string()).optional() }).loose().optional(),
}).loose();

export interface SandboxSettings {
  enabled: boolean;
  autoAllowBashIfSandboxed: boolean;
  excludedCommands: string[];
  failIfUnavailable: boolean;
  allowedDomains: string[];
  /** The files that said anything about the sandbox, as shown to a person. */
  sources: string[];
}

export const DEFAULT_SANDBOX_SETTINGS: SandboxSettings = {
  enabled: false,
  autoAllowBashIfSandboxed: false, // as Claude Code 2.1.328 behaves: it asks unless the key says true
  excludedCommands: [],
  failIfUnavailable: false,
  allowedDomains: [],
  sources: [],
};

/** The sandbox settings of the workspace `cwd`, merged over every settings file that exists. */
export async function readSandboxSettings(cwd: string, userDir: string = userClaudeDir()): Promise<SandboxSettings> {
  const merged: SandboxSettings = { ...DEFAULT_SANDBOX_SETTINGS, excludedCommands: [], allowedDomains: [], sources: [] };
  for (const place of settingsPlaces(cwd, userDir)) {
    const text = await readRegularText(place.file).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return undefined;
      throw err;
    });
    if (text === undefined) continue;
    let json: { sandbox?: unknown };
    try {
      json = JSON.parse(text.replace(/^\uFEFF/, "")) as { sandbox?: unknown };
    } catch {
      continue; // s03 reports a file that is not JSON, and stops the session
    }
    if (json?.sandbox === undefined) continue;
    const parsed = sandboxSchema.safeParse(json.sandbox);
    if (!parsed.success) throw new ConfigError(`${place.shown}: "sandbox" ${z.prettifyError(parsed.error).replace(/\n/g, "; ")}`);
    mergeInto(merged, parsed.data);
    merged.sources.push(place.shown);
  }
  return merged;
}

function mergeInto(into: SandboxSettings, from: z.infer<typeof sandboxSchema>): void {
  if (from.enabled !== undefined) into.enabled = from.enabled;
  if (from.autoAllowBashIfSandboxed !== undefined) into.autoAllowBashIfSandboxed = from.autoAllowBashIfSandboxed;
  if (from.failIfUnavailable !== undefined) into.failIfUnavailable = from.failIfUnavailable;
  into.excludedCommands.push(...(from.excludedCommands ?? []));
  into.allowedDomains.push(...(from.network?.allowedDomains ?? []));
}
