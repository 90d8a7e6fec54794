/**
 * A skill's instructions as a prompt, the way Claude Code hands them over when a skill is
 * started (by `/name args`): a line naming the skill's folder, so that the paths its
 * instructions mention can be found, then SKILL.md's body — read now, so the latest edit counts.
 */
import path from "node:path";
import type { Skill } from "./load.ts";
import { parseSkillFile, SKILL_FILE } from "@learn/claude-code-files";
import { readSkillText } from "./skill-folder.ts";

/** SKILL.md's body after "Base directory for this skill: <folder>"; throws why it cannot be read. */
export async function skillPrompt(skill: Pick<Skill, "name" | "dir">): Promise<string> {
  return `Base directory for this skill: ${skill.dir}\n\n${await skillBody(skill)}`;
}

/** SKILL.md's body, read now; an Error that names the skill and the file when it cannot be. */
export async function skillBody(skill: Pick<Skill, "name" | "dir">): Promise<string> {
  try {
    return parseSkillFile(await readSkillText(skill.dir, SKILL_FILE)).body;
  } catch (err) {
    throw new Error(`the skill "${skill.name}" cannot be loaded: ${path.join(skill.dir, SKILL_FILE)}: ${(err as Error).message}`);
  }
}
