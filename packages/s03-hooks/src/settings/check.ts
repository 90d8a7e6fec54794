/**
 * `--check-config` for the settings: the same loader the agent starts with, its verdict as a
 * report — refused (the session would not start), partial (a rule or a hook was dropped, see
 * load.ts), or loaded — and the top-level keys Claude Code reads that this course does not.
 */
import path from "node:path";
import type { ConfigFileReport, ConfigPlace, ConfigSections } from "@learn/core";
import { ConfigError, readRegularText } from "@learn/core/harness";
import { loadSettings } from "./load.ts";
import { SETTINGS_FILE } from "./schema.ts";

/** The keys of settings.json this lesson reads; any other is reported as ignored. */
const READ_KEYS = new Set(["permissions", "hooks", "$schema"]);

export async function checkSettings({ cwd }: ConfigPlace): Promise<ConfigSections> {
  const file = path.join(cwd, SETTINGS_FILE);
  const present = await readRegularText(file).then(
    (text) => text,
    (err: NodeJS.ErrnoException) => (err.code === "ENOENT" ? undefined : ""),
  );
  if (present === undefined) return { settings: [] };
  return { settings: [await reportOn(cwd, file, present)] };
}

async function reportOn(cwd: string, file: string, text: string): Promise<ConfigFileReport> {
  const shown = path.relative(cwd, file);
  try {
    const settings = await loadSettings(cwd);
    const status = settings.problems.length > 0 ? "partial" : "loaded";
    return { file: shown, status, problems: settings.problems, ignored: ignoredKeys(text) };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return { file: shown, status: "refused", reason: err.message, problems: [], ignored: [] };
  }
}

function ignoredKeys(text: string): string[] {
  const json = JSON.parse(text.replace(/^\uFEFF/, "")) as Record<string, unknown>;
  return Object.keys(json).filter((key) => !READ_KEYS.has(key));
}
