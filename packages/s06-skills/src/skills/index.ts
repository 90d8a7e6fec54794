/**
 * Skills, in Claude Code's format: folders with a SKILL.md, offered in two layers — a line
 * each in the system prompt (a live section in the stable layer), the instructions and files on
 * request (load_skill). The skills an agent loaded are live state: s07's compaction re-attaches them.
 */
import { LEAD_AGENT, type Mechanism } from "@learn/core";
import { userClaudeDir } from "@learn/core/harness";
import { withLiveSection } from "../prompt-cache/live-sections.ts";
import { loadSkills } from "./load.ts";
import { loadedSkills } from "./loaded.ts";
import { LOAD_SKILL_TOOL, loadSkillTool } from "./load-skill-tool.ts";
import { skillsSection } from "./section.ts";

export { loadSkills, SKILLS_DIR, BUNDLED_SKILLS_DIR, type Skill, type SkillCatalog, type SkillPlaces } from "./load.ts";
export { skillsSection, listedDescription, SKILLS_GUIDANCE, MAX_LISTED_DESCRIPTION_CHARS } from "./section.ts";
export { skillPrompt } from "./skill-prompt.ts";
export { loadedSkills, type LoadedSkills } from "./loaded.ts";
export { loadSkillTool, findSkill, LOAD_SKILL_TOOL, type LoadSkillInput } from "./load-skill-tool.ts";
export { listSkillFiles, readSkillText, MAX_LISTED_FILES, MAX_READ_BYTES, SKIPPED_FOLDERS, type FolderListing } from "./skill-folder.ts";

export const skills: Mechanism = {
  name: "skills",
  // --check-config: every SKILL.md of the workspace and the user's, as the agent would load it.
  checkConfig: async ({ cwd, userDir }) => ({ skills: (await loadSkills(cwd, { userDir })).reports }),
  add: async (parts, { options }) => {
    const catalog = await loadSkills(options.cwd, { userDir: options.userDir ?? userClaudeDir() });
    // The lead reports what it could not load; a subagent loads the same files and stays quiet.
    if (options.model.agent === LEAD_AGENT) {
      for (const problem of catalog.problems) options.renderer.error(problem);
      for (const notice of catalog.notices) options.renderer.notice(notice);
    }
    const loaded = loadedSkills();
    const section = { name: "skills", tools: [LOAD_SKILL_TOOL], state: () => catalog.skills, render: skillsSection };
    return {
      ...parts,
      tools: [...parts.tools, loadSkillTool(catalog)],
      hooks: [...parts.hooks, loaded.hook],
      onClear: [...parts.onClear, loaded.clear],
      liveState: [...parts.liveState, loaded.state], // what s07's compaction re-attaches
      liveSections: withLiveSection(parts, "stable", section),
    };
  },
};
