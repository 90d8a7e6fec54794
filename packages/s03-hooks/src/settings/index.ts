/**
 * Claude Code's settings files, read once when an agent is built: the user's
 * `~/.claude/settings.json`, the project's `.claude/settings.json` and the personal
 * `.claude/settings.local.json`, merged as Claude Code merges them (@learn/claude-code-files).
 * The mechanisms after it read their part of the result: the permission pipeline its rules and
 * mode (permissions/), the command hooks their `hooks` (command-hooks/). Reading them once means
 * one snapshot for both, and each problem said once.
 */
import type { Mechanism } from "@learn/core";
import { userClaudeDir } from "@learn/core/harness";
import { loadSettings, type Settings } from "@learn/claude-code-files";
import { checkSettings } from "./check-settings.ts";

declare module "@learn/core" {
  interface AgentParts {
    /** s03: the settings files as this agent read them at start. Unset before s03. */
    settings?: Settings;
  }
}

export const settings: Mechanism = {
  name: "settings",
  checkConfig: checkSettings,
  async add(parts, { options, role, honoured }) {
    const { cwd, renderer } = options;
    // Problems are shown, never guessed around. A file that is not JSON at all throws a
    // ConfigError: the CLI prints its one line and exits 2, whatever the mode.
    const read = await loadSettings(cwd, options.userDir ?? userClaudeDir(), honoured);
    for (const problem of read.problems) renderer.error(problem);
    // Said once, by the lead (a subagent reads the same files); the files read only beside the
    // banner, at a terminal: `--print` keeps its stderr for what went wrong.
    if (role === "lead") for (const line of startupLines(read, options.interactive)) renderer.notice(line);
    return { ...parts, settings: read };
  },
};

/**
 * What start-up says about the settings: which files were read, and — briefly — what in them
 * Claude Code would use and this lesson does not (`--check-config` lists it in full).
 */
function startupLines(settings: Settings, interactive: boolean): string[] {
  const lines = interactive && settings.files.length > 0 ? [`Settings: ${settings.files.map((f) => f.shown).join(", ")}`] : [];
  for (const file of settings.files) {
    if (file.ignored.length === 0) continue;
    const shown = file.ignored.map((what) => what.split(": ")[0]).join(", ");
    lines.push(`  ${file.shown}: read, not used here: ${shown} (--check-config says why)`);
  }
  return lines;
}
