/**
 * What lesson 6 adds: knowledge, loaded when the work calls for it, for every agent (skills,
 * memory, CLAUDE.md, a prompt the API can cache: knowledge.ts) — and the workspace's custom
 * commands, for the lead, where a person types them (commands/).
 */
import type { Mechanism } from "@learn/core";
import { withCustomCommands } from "./commands/index.ts";
import { SAVE_MEMORY_GRANT, withKnowledge } from "./knowledge.ts";

export const knowledge: Mechanism = {
  name: "knowledge",
  // Allowed in every mode but plan; deny rules on .memory/ still apply (s03's grants come after them).
  grants: [{ rules: ["save_memory"], source: SAVE_MEMORY_GRANT }],
  add: (parts, { options }) => withKnowledge(parts, options),
};

export const customCommands: Mechanism = {
  name: "custom commands",
  for: ["lead"],
  add: (parts, { options }) => withCustomCommands(parts, options),
};
