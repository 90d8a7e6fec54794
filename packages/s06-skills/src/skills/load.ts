/**
 * The skills a session offers, found where Claude Code looks for them, plus the course's own:
 *
 *   packages/s06-skills/skills/<folder>/SKILL.md   bundled with the course
 *   ~/.claude/skills/<folder>/SKILL.md             the user's, in every project
 *   <workspace>/.claude/skills/<folder>/SKILL.md   the project's
 *
 * The folder is the skill's identity, as in Claude Code: `.claude/skills/code-review/` is the
 * skill `code-review` (and `/code-review`), whatever its `name:` says — that is a display name.
 * A project's skill replaces a user's or a bundled one of the same folder name.
 *
 * Only what the listing and the slash command need is kept: the instructions are read from disk
 * when the skill is used (so an edit to a SKILL.md counts at once), which is the whole point —
 * knowledge when asked, not up front.
 *
 * Bad input never ends the session: a SKILL.md that does not load is reported (file and
 * reason) and skipped, and the other skills still load. What is not a skill is passed over
 * in silence: loose files beside the folders (a README), hidden folders, and a folder with no
 * SKILL.md at all (a folder of shared scripts, say) — unless it holds a `skill.md` spelled
 * another way, which is surely a mistake and is reported.
 */
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ConfigFileReport } from "@learn/core";
import { readFailure } from "@learn/core/harness";
import { checkAllowedTools, parseSkillFile, SKILL_FILE, type SkillFile } from "@learn/claude-code-files";
import { readSkillText } from "./skill-folder.ts";

/** Where a workspace keeps its skills, as Claude Code does (and the user's, under ~/.claude). */
export const SKILLS_DIR = ".claude/skills";

/** The course's own skills, beside this package's `src/` (found from this file, not from the cwd). */
export const BUNDLED_SKILLS_DIR = fileURLToPath(new URL("../../skills", import.meta.url));

export interface Skill extends Omit<SkillFile, "body" | "warnings" | "ignored"> {
  /** Its folder's name: the name the model loads it by, and its slash command. */
  name: string;
  /** The skill's folder, absolute: SKILL.md and its other files are read from here. */
  dir: string;
  source: "workspace" | "user" | "bundled";
  /** Its SKILL.md as reports name it: `.claude/skills/x/SKILL.md`, `~/.claude/skills/x/SKILL.md`. */
  file: string;
}

export interface SkillCatalog {
  /** Sorted by name. */
  skills: Skill[];
  /** Skills skipped, one line each: `<file>: skipped: <why>`. */
  problems: string[];
  /** Things to know that skipped nothing: a skill replaced, frontmatter forgiven, fields ignored. */
  notices: string[];
  /** Every SKILL.md of the user's and the workspace's read, as `--check-config` reports it. */
  reports: ConfigFileReport[];
}

/** Where to look besides the workspace. */
export interface SkillPlaces {
  /** The course's own skills (default: this package's `skills/`). */
  bundledDir?: string;
  /** The user's Claude Code folder (`~/.claude`): its `skills/` is read. Left out: none. */
  userDir?: string;
}

/** The bundled, the user's and the workspace's skills, sorted by name; the nearer wins a tie. */
export async function loadSkills(cwd: string, places: SkillPlaces = {}): Promise<SkillCatalog> {
  const catalog: SkillCatalog = { skills: [], problems: [], notices: [], reports: [] };
  const bundledDir = places.bundledDir ?? BUNDLED_SKILLS_DIR;
  const layers = [
    await loadFolder(bundledDir, bundledDir, "bundled", catalog),
    places.userDir ? await loadFolder(path.join(places.userDir, "skills"), "~/.claude/skills", "user", catalog) : [],
    await loadFolder(path.join(cwd, SKILLS_DIR), SKILLS_DIR, "workspace", catalog),
  ];
  const byName = new Map<string, Skill>();
  for (const skill of layers.flat()) {
    const replaced = byName.get(skill.name);
    if (replaced) catalog.notices.push(`${skill.file} replaces the ${replaced.source} skill "${skill.name}".`);
    byName.set(skill.name, skill);
  }
  catalog.skills = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  return catalog;
}

/** The skills of one folder of skill folders; `shown` is how reports name it. */
async function loadFolder(root: string, shown: string, source: Skill["source"], catalog: SkillCatalog): Promise<Skill[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch (err) {
    // No .claude/skills is the usual case; a missing bundled folder is worth saying.
    if ((err as NodeJS.ErrnoException).code !== "ENOENT" || source === "bundled") {
      catalog.problems.push(`${shown}: cannot be read (${(err as Error).message}); no ${source} skills are offered`);
    }
    return [];
  }
  const skills: Skill[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith(".")) continue;
    const dir = path.join(root, entry.name);
    const where = `${shown}/${entry.name}`;
    let file = `${where}/${SKILL_FILE}`;
    try {
      // A symlinked skill folder is the user's own: follow the link to see what it is.
      if (!entry.isDirectory() && !(entry.isSymbolicLink() && (await stat(dir)).isDirectory())) continue;
      const names = await readdir(dir);
      if (!names.includes(SKILL_FILE)) {
        const misspelt = names.find((n) => n.toLowerCase() === SKILL_FILE.toLowerCase());
        if (!misspelt) continue;
        file = `${where}/${misspelt}`;
        throw new Error(`the file must be named ${SKILL_FILE}, in capitals`);
      }
      const parsed = parseSkillFile(await readSkillText(dir, SKILL_FILE));
      checkAllowedTools(parsed.allowedTools);
      const { body: _body, warnings, ignored, ...fields } = parsed;
      skills.push({ ...fields, name: entry.name, dir, source, file });
      for (const warning of warnings) catalog.notices.push(`${file}: ${warning}`);
      if (ignored.length > 0) catalog.notices.push(`${file}: read, with no mechanism here, ignored: ${ignored.join(", ")}`);
      if (source !== "bundled") catalog.reports.push({ file, name: entry.name, status: "loaded", ignored });
    } catch (err) {
      const reason = readFailure(err);
      catalog.problems.push(`${file}: skipped: ${reason}`);
      if (source !== "bundled") catalog.reports.push({ file, name: entry.name, status: "refused", reason, ignored: [] });
    }
  }
  return skills;
}
