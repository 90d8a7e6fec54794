/**
 * The "memory" section of the system prompt: what the memories are, and their index. Only
 * the index goes in — one line per memory — and the model reads a memory's file when its
 * line says it matters to the task. With no memories there is no section at all: how to
 * save one is the save_memory tool's description, which the model sees either way.
 */
import { MEMORY_INDEX } from "./index-file.ts";
import { MEMORY_DIR } from "./store.ts";

/** The section's text for this index (`MemoryStore.index()`), or undefined when it is empty. */
export function memorySection(index: string): string | undefined {
  if (index.trim() === "") return undefined;
  return [
    `Memories saved in earlier sessions, one file each in ${MEMORY_DIR}/; this is their index (${MEMORY_DIR}/${MEMORY_INDEX}). ` +
      "Read a memory's file with read_file when its description says it matters to the task. A memory can be out of date: " +
      "check it against the code before you rely on it, and save it again (same name) when it changes. " +
      "Save what a later session will need — the user's preferences, their corrections, project facts the code does not show — " +
      "and not what the code or git history already say.",
    "",
    index.trimEnd(),
  ].join("\n");
}
