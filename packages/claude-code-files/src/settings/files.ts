/**
 * Where Claude Code's settings live, from the least specific to the most:
 *
 *   ~/.claude/settings.json         the user's own, for every project (CLAUDE_CONFIG_DIR moves it)
 *   .claude/settings.json           the project's, shared in git
 *   .claude/settings.local.json     the project's, this person only (git-ignored)
 *
 * All three are read, as Claude Code reads them: permission rules from every file apply (deny
 * wins, wherever it is written), hooks from every file run, and `defaultMode` comes from the most
 * specific file that sets one.
 */
import os from "node:os";
import path from "node:path";

export type SettingsScope = "user" | "project" | "local";

export interface SettingsPlace {
  scope: SettingsScope;
  /** Absolute path (the file may not exist). */
  file: string;
  /** As a person names it: `~/.claude/settings.json`, `.claude/settings.local.json`. */
  shown: string;
}

export const SETTINGS_FILE = ".claude/settings.json";
export const LOCAL_SETTINGS_FILE = ".claude/settings.local.json";

/** The three files, least specific first. `userDir`: the user's Claude Code folder (core's userClaudeDir). */
export function settingsPlaces(cwd: string, userDir: string): SettingsPlace[] {
  const user = path.join(userDir, "settings.json");
  return [
    { scope: "user", file: user, shown: withTilde(user) },
    { scope: "project", file: path.join(cwd, SETTINGS_FILE), shown: SETTINGS_FILE },
    { scope: "local", file: path.join(cwd, LOCAL_SETTINGS_FILE), shown: LOCAL_SETTINGS_FILE },
  ];
}

/** `/root/.claude/settings.json` → `~/.claude/settings.json`; a path elsewhere stays whole. */
function withTilde(file: string): string {
  const home = os.homedir();
  return file.startsWith(home + path.sep) ? `~${file.slice(home.length)}` : file;
}
