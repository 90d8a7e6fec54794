/**
 * Layer 1 of skills: what the model always sees. One line per skill — its name and what it
 * is for — and one sentence saying how to get the rest. A dozen skills cost a dozen lines of
 * system prompt; their instructions, maybe thousands of lines, cost nothing until one is
 * loaded (layer 2, the load_skill tool).
 *
 * As in Claude Code (2.1.328): a skill only the user may start (`disable-model-invocation`) is not
 * listed, and a long description is cut at 1,536 characters, the last "…" (skillListingMaxDescChars).
 */
import type { Skill } from "./load.ts";

export const SKILLS_GUIDANCE =
  "Skills hold instructions for particular kinds of work. Before you start work that one of these skills covers, " +
  "call load_skill with its name and follow what it says:";

/** How much of a description the listing shows, as Claude Code shows it. */
export const MAX_LISTED_DESCRIPTION_CHARS = 1536;

/** A description as the listing shows it: whole, or cut to the limit with "…" as its last character. */
export function listedDescription(description: string): string {
  return description.length > MAX_LISTED_DESCRIPTION_CHARS ? `${description.slice(0, MAX_LISTED_DESCRIPTION_CHARS - 1)}…` : description;
}

/** The system prompt's "skills" section, or undefined when there are no skills to offer the model. */
export function skillsSection(skills: readonly Skill[]): string | undefined {
  const offered = skills.filter((s) => !s.userOnly);
  if (offered.length === 0) return undefined;
  return [SKILLS_GUIDANCE, ...offered.map((s) => `- ${s.name}: ${listedDescription(s.description)}`)].join("\n");
}
