/**
 * The skills a session offers, found where Claude Code looks for them, plus the course's own:
 *
 *   packages/s06-skills/skills/<name>/SKILL.md     bundled with the course
 *   <workspace>/.claude/skills/<name>/SKILL.md     the project's; replaces a bundled one of the same name
 *
 * Only each skill's name, description and folder are kept: the instructions are read from
 * disk when the model asks for them (so an edit to a SKILL.md counts at once), which is the
 * whole point — knowledge when asked, not up front.
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
import { readFailure } from "@learn/core/harness";
import { parseSkillFile, SKILL_FILE } from "./skill-file.ts";
import { readSkillText } from "./skill-folder.ts";

/** Where a workspace keeps its skills, as Claude Code does. */
export const SKILLS_DIR = ".claude/skills";

/** The course's own skills, beside this package's `src/` (found from this file, not from the cwd). */
export const BUNDLED_SKILLS_DIR = fileURLToPath(new URL("../../skills", import.meta.url));

export interface Skill {
  name: string;
  /** What it covers and when to use it: the line the system prompt shows. */
  description: string;
  /** The skill's folder, absolute: SKILL.md and its other files are read from here. */
  dir: string;
  source: "workspace" | "bundled";
}

export interface SkillCatalog {
  /** Sorted by name. */
  skills: Skill[];
  /** Skills skipped, one line each: `<file>: skipped: <why>`. */
  problems: string[];
  /** Things to know that skipped nothing (a workspace skill replacing a bundled one). */
  notices: string[];
}

/** The bundled skills and the workspace's, sorted by name; a workspace skill wins a tie. */
export async function loadSkills(cwd: string, bundledDir: string = BUNDLED_SKILLS_DIR): Promise<SkillCatalog> {
  const catalog: SkillCatalog = { skills: [], problems: [], notices: [] };
  const bundled = await loadFolder(bundledDir, bundledDir, "bundled", catalog.problems);
  const workspace = await loadFolder(path.join(cwd, SKILLS_DIR), SKILLS_DIR, "workspace", catalog.problems);
  const byName = new Map(bundled.map((skill) => [skill.name, skill]));
  for (const skill of workspace) {
    if (byName.has(skill.name)) catalog.notices.push(`${SKILLS_DIR}/${skill.name} replaces the bundled skill "${skill.name}".`);
    byName.set(skill.name, skill);
  }
  catalog.skills = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  return catalog;
}

/** The skills of one folder of skill folders; `shown` is how problems name it. */
async function loadFolder(root: string, shown: string, source: Skill["source"], problems: string[]): Promise<Skill[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch (err) {
    // No .claude/skills is the usual case; a missing bundled folder is worth saying.
    if ((err as NodeJS.ErrnoException).code !== "ENOENT" || source === "bundled") {
      problems.push(`${shown}: cannot be read (${(err as Error).message}); no ${source} skills are offered`);
    }
    return [];
  }
  const skills: Skill[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith(".")) continue;
    const dir = path.join(root, entry.name);
    const where = `${shown}/${entry.name}`;
    try {
      // A symlinked skill folder is the user's own: follow the link to see what it is.
      if (!entry.isDirectory() && !(entry.isSymbolicLink() && (await stat(dir)).isDirectory())) continue;
      const skill = await loadSkill(dir, entry.name, source);
      if (skill) skills.push(skill);
    } catch (err) {
      problems.push(`${where}/${(err as SkipError).file ?? SKILL_FILE}: skipped: ${readFailure(err)}`);
    }
  }
  return skills;
}

/** An error that names another file of the folder than SKILL.md. */
type SkipError = Error & { file?: string };

/** One folder's skill, undefined when it is not a skill folder; throws why it does not load. */
async function loadSkill(dir: string, folder: string, source: Skill["source"]): Promise<Skill | undefined> {
  const names = await readdir(dir);
  if (!names.includes(SKILL_FILE)) {
    const misspelt = names.find((n) => n.toLowerCase() === SKILL_FILE.toLowerCase());
    if (!misspelt) return undefined;
    throw Object.assign(new Error(`the file must be named ${SKILL_FILE}, in capitals`), { file: misspelt });
  }
  const file = parseSkillFile(await readSkillText(dir, SKILL_FILE));
  if (file.name !== folder) throw new Error(`its name "${file.name}" is not its folder's name "${folder}" (they must be the same)`);
  return { name: file.name, description: file.description, dir, source };
}
