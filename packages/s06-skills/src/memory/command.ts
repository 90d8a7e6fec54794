/**
 * `/memory`: what the agent remembers across sessions, read fresh from .memory/ (another
 * agent may have saved since), and any memory file that could not be loaded, with why.
 */
import type { SlashCommand } from "@learn/core";
import { MEMORY_DIR, type MemoryStore } from "./store.ts";

export const NO_MEMORIES = "No memories yet: the model saves one with save_memory when something should outlast this session.";

export function memoryCommand(store: MemoryStore): SlashCommand {
  return {
    name: "memory",
    description: `show the memories saved in ${MEMORY_DIR}/ and any file that could not be loaded`,
    async run() {
      await store.reload();
      return describeMemories(store);
    },
  };
}

export function describeMemories(store: MemoryStore): string {
  const memories = store.list();
  const lines = memories.length === 0 ? [NO_MEMORIES] : [`${memories.length} ${memories.length === 1 ? "memory" : "memories"} in ${MEMORY_DIR}/:`];
  for (const m of memories) lines.push(`  ${m.name} [${m.type}] — ${m.description}  (${m.file})`);
  const { problems } = store;
  if (problems.length) lines.push("Not loaded:", ...problems.map((p) => `  ${p}`));
  return lines.join("\n");
}
