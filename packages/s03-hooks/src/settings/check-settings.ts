/**
 * `--check-config` for the settings: each of the three files that exists, read by the same
 * loader the agent starts with (@learn/claude-code-files) — refused (the session would not
 * start), partial (a rule or a hook was dropped), or loaded — with what Claude Code reads there
 * and this lesson does not (`ignored`: top-level keys, inert rules, hook events it has no moment for).
 */
import type { ConfigFileReport, ConfigPlace, ConfigSections } from "@learn/core";
import { ConfigError } from "@learn/core/harness";
import { loadSettingsFile, settingsPlaces, type SettingsPlace } from "@learn/claude-code-files";

export async function checkSettings({ cwd, userDir, honoured }: ConfigPlace): Promise<ConfigSections> {
  const reports = await Promise.all(settingsPlaces(cwd, userDir).map((place) => reportOn(place, honoured)));
  return { settings: reports.filter((r): r is ConfigFileReport => r !== undefined) };
}

async function reportOn(place: SettingsPlace, honoured: ConfigPlace["honoured"]): Promise<ConfigFileReport | undefined> {
  try {
    const settings = await loadSettingsFile(place, honoured);
    if (!settings) return undefined;
    const status = settings.problems.length > 0 ? "partial" : "loaded";
    return { file: place.shown, status, problems: settings.problems, ignored: settings.ignored };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return { file: place.shown, status: "refused", reason: err.message, problems: [], ignored: [] };
  }
}
