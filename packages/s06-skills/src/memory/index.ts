/**
 * Memory: what the agent keeps across sessions, one Markdown file per memory in .memory/ and an
 * index the model sees — a live section in the session layer, since a save changes it.
 * save_memory writes one (a standing grant: it writes only its own notes); /memory shows them.
 */
import { LEAD_AGENT, type Mechanism } from "@learn/core";
import { withLiveSection } from "../prompt-cache/live-sections.ts";
import { memoryCommand } from "./command.ts";
import { saveMemoryTool } from "./save-memory-tool.ts";
import { memorySection } from "./section.ts";
import { sharedMemory } from "./shared-store.ts";

export { MEMORY_DIR, MemoryStore, type SaveMemoryInput } from "./store.ts";
export {
  MEMORY_TYPES,
  MEMORY_CONTENT_MAX,
  parseMemoryFile,
  formatMemoryFile,
  type Memory,
  type MemoryType,
  type MemoryText,
} from "./memory-file.ts";
export { MEMORY_INDEX, MEMORY_INDEX_MAX_LINES, renderMemoryIndex, indexLine, type IndexEntry } from "./index-file.ts";
export { readMemoryFolder, type MemoryFolder } from "./read-folder.ts";
export { memorySlug, MEMORY_SLUG_MAX } from "./slug.ts";
export { memorySection } from "./section.ts";
export { saveMemoryTool, SAVE_MEMORY_TOOL } from "./save-memory-tool.ts";
export { memoryCommand, describeMemories, NO_MEMORIES } from "./command.ts";

/** Why save_memory needs no question: it writes only its own notes, under .memory/. */
const SAVE_MEMORY_GRANT = "lesson 6: save_memory writes only under .memory/";

export const memory: Mechanism = {
  name: "memory",
  // Allowed in every mode but plan; deny rules on .memory/ still apply (s03's grants come after them).
  grants: [{ rules: ["save_memory"], source: SAVE_MEMORY_GRANT }],
  add: async (parts, { options }) => {
    const store = await sharedMemory(options.cwd);
    // The lead reports what it could not load; a subagent loads the same files and stays quiet.
    if (options.model.agent === LEAD_AGENT) for (const problem of store.problems) options.renderer.error(problem);
    const section = { name: "memory", state: () => store.index(), render: memorySection };
    return {
      ...parts,
      tools: [...parts.tools, saveMemoryTool(store)],
      commands: [...parts.commands, memoryCommand(store)],
      liveSections: withLiveSection(parts, "session", section),
    };
  },
};
