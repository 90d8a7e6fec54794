/**
 * Layer 1 of skills: what the model always sees. One line per skill — its name and what it
 * is for — and one sentence saying how to get the rest. A dozen skills cost a dozen lines of
 * system prompt; their instructions, maybe thousands of lines, cost nothing until one is
 * loaded (layer 2, the load_skill tool).
 */
import type { Skill } from "./load.ts";

export const SKILLS_GUIDANCE =
  "Skills hold instructions for particular kinds of work. Before you start work that one of these skills covers, " +
  "call load_skill with its name and follow what it says:";

/** The system prompt's "skills" section, or undefined when there are no skills to offer. */
export function skillsSection(skills: readonly Skill[]): string | undefined {
  if (skills.length === 0) return undefined;
  return [SKILLS_GUIDANCE, ...skills.map((s) => `- ${s.name}: ${s.description}`)].join("\n");
}
