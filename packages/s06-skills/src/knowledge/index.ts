/**
 * What lesson 6 adds to every agent it builds, lead or subagent: knowledge, loaded when it is
 * needed rather than all up front — and a prompt laid out so the API can cache it.
 *
 *   skills      a line each in the prompt; the instructions and files through load_skill
 *   memory      .memory/: the index in the prompt; save_memory writes one and rebuilds the index
 *   CLAUDE.md   the project's own notes, in the prompt
 *   the prompt  assembled from live state for this agent's own tools; breakpoints for the cache
 */
import { LEAD_AGENT, type Mechanism } from "@learn/core";
import { userClaudeDir } from "@learn/core/harness";
import { markLastMessage } from "./cache/breakpoints.ts";
import { claudeMdSection, loadClaudeMd } from "./claude-md.ts";
import { memoryCommand, memorySection, MemoryStore, saveMemoryTool } from "./memory/index.ts";
import { cachedPrompt, type LiveSection } from "./prompt/assembly.ts";
import { adaptSections, environmentSection } from "./prompt/sections.ts";
import { LOAD_SKILL_TOOL, loadedSkills, loadSkills, loadSkillTool, skillsSection, type SkillCatalog } from "./skills/index.ts";

/** Why save_memory needs no question: it writes only its own notes, under .memory/. */
const SAVE_MEMORY_GRANT = "lesson 6: save_memory writes only under .memory/";

export const knowledge: Mechanism = {
  name: "knowledge",
  // Allowed in every mode but plan; deny rules on .memory/ still apply (s03's grants come after them).
  grants: [{ rules: ["save_memory"], source: SAVE_MEMORY_GRANT }],
  // --check-config: every SKILL.md of the workspace and the user's, as the agent would load it.
  checkConfig: async ({ cwd, userDir }) => ({ skills: (await loadSkills(cwd, { userDir })).reports }),
  add: async (base, { options }) => {
    const userDir = options.userDir ?? userClaudeDir();
    const [skills, memory, claudeMd] = await Promise.all([loadSkills(options.cwd, { userDir }), sharedMemory(options.cwd), loadClaudeMd(options.cwd)]);
    // The lead reports what it could not load; a subagent loads the same files and stays quiet.
    if (options.model.agent === LEAD_AGENT) {
      for (const problem of [...skills.problems, ...memory.problems, ...(claudeMd.problem ? [claudeMd.problem] : [])]) options.renderer.error(problem);
      for (const notice of skills.notices) options.renderer.notice(notice);
    }
    const loaded = loadedSkills();
    return {
      ...base,
      tools: [...base.tools, loadSkillTool(skills), saveMemoryTool(memory)],
      hooks: [...base.hooks, loaded.hook],
      onClear: [...base.onClear, loaded.clear],
      liveState: [...base.liveState, loaded.state], // what s07's compaction re-attaches
      // Innermost: the breakpoint goes on whatever message really ends the request.
      wrappers: [...base.wrappers, markLastMessage],
      commands: [...base.commands, memoryCommand(memory)],
      assemble: cachedPrompt({
        adapt: adaptSections,
        stable: [skillsLive(skills)],
        session: [memoryLive(memory), claudeMdLive(claudeMd.text)],
        dynamic: [environmentSection()],
      }),
    };
  },
};

function skillsLive(catalog: SkillCatalog): LiveSection<SkillCatalog["skills"]> {
  return { name: "skills", tools: [LOAD_SKILL_TOOL], state: () => catalog.skills, render: (skills) => skillsSection(skills) };
}

function memoryLive(store: MemoryStore): LiveSection<string> {
  return { name: "memory", state: () => store.index(), render: (index) => memorySection(index) };
}

function claudeMdLive(text: string | undefined): LiveSection<string | undefined> {
  return { name: "CLAUDE.md", state: () => text, render: (t) => claudeMdSection(t) };
}

/**
 * One memory store per workspace in this process: a subagent that saves a memory updates the
 * index its lead's prompt is built from. Opened once, re-read from disk whenever a lead is built
 * (another session may have written since).
 */
const stores = new Map<string, Promise<MemoryStore>>();

async function sharedMemory(cwd: string): Promise<MemoryStore> {
  let store = stores.get(cwd);
  if (!store) {
    store = MemoryStore.open(cwd);
    stores.set(cwd, store);
    store.catch(() => stores.delete(cwd));
    return store;
  }
  const open = await store;
  await open.reload();
  return open;
}
