/** Memory: what the agent keeps across sessions, one Markdown file per memory in .memory/ and an index the model sees. */
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
