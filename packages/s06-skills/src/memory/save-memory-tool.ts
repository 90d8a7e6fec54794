/**
 * save_memory: the model keeps something for a later session. It only ever writes inside
 * .memory/ — the file named by the memory's slug, and the index — and it says so to the
 * permission policy (`permission.subject`), so `Edit(.memory/**)` rules govern it like any edit.
 *
 * What is worth saving is the hard part, so the description says it: what will matter in a
 * later session and cannot be found again (who the user is, how they want the work done,
 * project facts the code does not show, where things live outside the workspace) — never
 * what the code, the docs or git history already say.
 */
import { defineTool, type Tool } from "@learn/core";
import { z } from "zod";
import { memoryContent, memoryFields } from "./memory-file.ts";
import { MEMORY_INDEX } from "./index-file.ts";
import { MEMORY_DIR, type MemoryStore } from "./store.ts";

export const SAVE_MEMORY_TOOL = "save_memory";

const SaveMemoryInput = z.object({
  name: memoryFields.name.describe("A short title for the memory, e.g. 'Test command'. Saving a name that exists replaces that memory."),
  description: memoryFields.description.describe("One line: what the memory says and when it matters. It is what the index shows."),
  type: memoryFields.type.describe(
    "user: who the user is and what they prefer; feedback: how they want the work done, their corrections; " +
      "project: facts about the project the code does not show; reference: where to find things outside the workspace.",
  ),
  content: memoryContent.describe("The memory itself, in Markdown: the fact, and why it matters."),
});

const DESCRIPTION =
  "Save a memory for later sessions, as a file in .memory/; its one-line description is listed in the memory index " +
  "every session starts with. Save what a later session will need and could not find again: the user's role and " +
  "preferences, their corrections and how they want the work done, project facts the code does not show (decisions, " +
  "deadlines, why), where things live outside the workspace. Do not save what the code, the docs or git history " +
  "already say, or what matters only for the task at hand. To change a memory, save it again under the same name.";

const plural = (n: number) => `${n} ${n === 1 ? "memory" : "memories"}`;

export function saveMemoryTool(store: MemoryStore): Tool {
  return defineTool({
    name: SAVE_MEMORY_TOOL,
    description: DESCRIPTION,
    input: SaveMemoryInput,
    permission: { mutating: true, subject: ({ name }) => ({ writes: [`${MEMORY_DIR}/${store.fileFor(name)}`, `${MEMORY_DIR}/${MEMORY_INDEX}`] }) },
    summary: ({ name, type }) => `${name} (${type})`,
    async run(input) {
      const { memory, created } = await store.save(input);
      const where = `${MEMORY_DIR}/${memory.file}`;
      const count = store.list().length;
      return {
        content: `${created ? `Saved memory ${memory.name} to` : `Updated memory ${memory.name} in`} ${where} (index: ${plural(count)})`,
        display: `${created ? "saved" : "updated"} ${where} (${memory.type}) — ${memory.description}`,
      };
    },
  });
}
