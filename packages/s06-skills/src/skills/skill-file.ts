/**
 * One skill's SKILL.md, as Claude Code writes it: YAML frontmatter that says what the skill is
 * for, and a Markdown body with the instructions.
 *
 *   ---
 *   name: code-review                      lowercase letters, digits, hyphens; its folder's name
 *   description: Review a change for...    what it covers and when to use it (the model reads this)
 *   license: MIT                           anything else is Claude Code's business: ignored
 *   ---
 *   # Code review
 *   1. Read the whole diff first...
 *
 * Only the name and description go into the system prompt, for every skill; the body is read
 * when the model asks for it. Files written for Claude Code must load unchanged, so extra keys
 * (license, allowed-tools, metadata, version...) are ignored rather than refused; what we do
 * read is checked strictly, and a file that fails says why.
 */
import { z } from "zod";
import { parseFrontmatter } from "@learn/core/harness";

/** The file every skill folder holds; the name is spelled in capitals, as Claude Code spells it. */
export const SKILL_FILE = "SKILL.md";

/** Lowercase words joined by single hyphens: `code-review`, `pdf2text`. */
export const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SKILL_NAME_CHARS = 64;
export const MAX_DESCRIPTION_CHARS = 1024;

/** What a SKILL.md says. */
export interface SkillFile {
  name: string;
  /** On one line: the system prompt lists one skill a line. */
  description: string;
  /** The instructions: everything after the frontmatter, trimmed. */
  body: string;
}

// `looseObject`: keys Claude Code knows and we do not (license, allowed-tools...) pass unread.
const frontmatterSchema = z.looseObject({
  name: z
    .string()
    .max(MAX_SKILL_NAME_CHARS, `must be at most ${MAX_SKILL_NAME_CHARS} characters`)
    .regex(SKILL_NAME, "expected lowercase letters, digits and single hyphens between them (like code-review)"),
  description: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(MAX_DESCRIPTION_CHARS, `must be at most ${MAX_DESCRIPTION_CHARS} characters`),
});

/** Parse one SKILL.md's text; throws an Error whose message says what is wrong. */
export function parseSkillFile(text: string): SkillFile {
  const { data, body } = parseFrontmatter(text, frontmatterSchema);
  if (body === "") throw new Error("its body, the skill's instructions, is empty");
  // A folded YAML description can span lines; the prompt's list needs it on one.
  const description = data.description.replace(/\s+/g, " ");
  return { name: data.name, description, body };
}
