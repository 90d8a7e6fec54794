/**
 * "Is my `.claude/` folder understood?" — `--check-config` loads a workspace's Claude Code files
 * with a lesson's own loaders and says, file by file, what loaded, what was refused and why, and
 * which fields were read but ignored. Each mechanism that reads a format reports on it (s03 the
 * settings, s05 agent files, s06 skills and commands, s09 scheduled tasks); this module only
 * gathers their reports into one JSON document that tools can read:
 *
 *   { "lesson": "s12",
 *     "settings":       [{ "file", "status", "problems": [...], "ignored": [...] }],
 *     "agents":         [{ "file", "name", "status", "reason"?, "ignored": [...] }],
 *     "skills":  …,  "commands":  …,
 *     "scheduledTasks": [{ "file", "status", "reason"?, "tasks": 3 }] }
 *
 * A lesson lists only the formats it reads; `file` is relative to the workspace (a user-level
 * file, `~/.claude/settings.json`, is written with its `~`).
 */
import os from "node:os";
import path from "node:path";

/** The formats a lesson can read, under their keys in the report. */
export const CONFIG_FORMATS = ["settings", "agents", "skills", "commands", "scheduledTasks"] as const;
export type ConfigFormat = (typeof CONFIG_FORMATS)[number];

/** One file's verdict. `partial`: it loaded, but some of it (a rule, a hook) was refused. */
export interface ConfigFileReport {
  file: string;
  /** What the file defines (an agent's, skill's or command's name), when it has one. */
  name?: string;
  status: "loaded" | "refused" | "partial";
  /** Why it was refused: the same sentence the lesson prints at start-up. */
  reason?: string;
  /** Parts of a loaded file that were refused (a settings file's bad rule). */
  problems?: string[];
  /** Fields Claude Code reads that this lesson has no mechanism for: read, and ignored. */
  ignored?: string[];
  /** Scheduled tasks only: how many tasks the file holds. */
  tasks?: number;
}

export type ConfigSections = Partial<Record<ConfigFormat, ConfigFileReport[]>>;

/** Where the files are: the workspace, and the user's own Claude Code folder (`~/.claude`). */
export interface ConfigPlace {
  cwd: string;
  userDir: string;
  /** What the lesson's mechanisms honour in the settings files (a later lesson's keys and rules; mechanism.ts). */
  honoured?: { keys: readonly string[]; rulePrefixes: readonly string[] };
}

/** What a mechanism reports about the formats it reads. */
export type ConfigCheck = (place: ConfigPlace) => Promise<ConfigSections>;

export interface ConfigReport extends ConfigSections {
  lesson: string;
}

/** The user's Claude Code folder, as Claude Code finds it: CLAUDE_CONFIG_DIR, else ~/.claude. */
export function userClaudeDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CLAUDE_CONFIG_DIR ? path.resolve(env.CLAUDE_CONFIG_DIR) : path.join(os.homedir(), ".claude");
}

/** Every mechanism's report, one list per format, in the order the formats are listed above. */
export async function checkConfig(lesson: string, checks: readonly ConfigCheck[], place: ConfigPlace): Promise<ConfigReport> {
  const gathered: ConfigSections = {};
  for (const check of checks) {
    for (const [format, files] of Object.entries(await check(place)) as [ConfigFormat, ConfigFileReport[]][]) {
      gathered[format] = [...(gathered[format] ?? []), ...files];
    }
  }
  const report: ConfigReport = { lesson };
  for (const format of CONFIG_FORMATS) if (gathered[format]) report[format] = gathered[format];
  return report;
}

/** 0 when every file loaded whole, 1 when anything was refused (a file, or part of one). */
export function configExitCode(report: ConfigReport): 0 | 1 {
  const files = CONFIG_FORMATS.flatMap((format) => report[format] ?? []);
  return files.some((f) => f.status !== "loaded") ? 1 : 0;
}
