/**
 * Skills, in Claude Code's format: folders with a SKILL.md, offered in two layers — a line
 * each in the system prompt (skillsSection), the instructions and files on request
 * (loadSkillTool).
 */
export { loadSkills, SKILLS_DIR, BUNDLED_SKILLS_DIR, type Skill, type SkillCatalog, type SkillPlaces } from "./load.ts";
export { skillsSection, listedDescription, SKILLS_GUIDANCE, MAX_LISTED_DESCRIPTION_CHARS } from "./section.ts";
export { skillPrompt } from "./skill-prompt.ts";
export { loadedSkills, type LoadedSkills } from "./loaded.ts";
export { loadSkillTool, findSkill, LOAD_SKILL_TOOL, type LoadSkillInput } from "./load-skill-tool.ts";
export { listSkillFiles, readSkillText, MAX_LISTED_FILES, MAX_READ_BYTES, SKIPPED_FOLDERS, type FolderListing } from "./skill-folder.ts";
