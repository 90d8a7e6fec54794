/**
 * One memory is one Markdown file in .memory/: YAML frontmatter saying what it is, and the
 * memory itself as the body, so a person can read, edit or write one by hand.
 *
 *   ---
 *   name: Test command                     one line: what the memory is called
 *   description: How to run the tests      one line: when it matters (the index shows it)
 *   type: project                          user | feedback | project | reference
 *   ---
 *   Run `pnpm test` from the root; ...
 *
 * The same field rules check what the model sends to save_memory and what a file on disk
 * says, so a memory the tool wrote always loads, and a hand-written file that breaks a rule
 * is reported with the rule it breaks. Keys we do not read are ignored, not refused.
 */
import { stringify as stringifyYaml } from "yaml";
import { z } from "zod";
import { parseFrontmatter } from "@learn/core/harness";

/**
 * What a memory is about: who the user is (user), how they want the work done — their
 * corrections and confirmations (feedback), facts about the project the code does not say
 * (project), and where to look things up outside the workspace (reference).
 */
export const MEMORY_TYPES = ["user", "feedback", "project", "reference"] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** A memory as the index lists it; its content stays in its file until someone reads it. */
export interface Memory {
  name: string;
  /** One line: what it is and when it matters. */
  description: string;
  type: MemoryType;
  /** Its file, relative to .memory/ ("test-command.md"). */
  file: string;
}

/** Longest memory body: a memory is a note, not a document. */
export const MEMORY_CONTENT_MAX = 20_000;

const oneLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\r\n]*$/, "must be one line");

/** The frontmatter's fields, as both the tool's input and a file's frontmatter check them. */
export const memoryFields = {
  name: oneLine(100),
  description: oneLine(200),
  type: z.enum(MEMORY_TYPES, `expected one of ${MEMORY_TYPES.join(", ")}`),
};

/** The body's rule. */
export const memoryContent = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(MEMORY_CONTENT_MAX, `must be at most ${MEMORY_CONTENT_MAX} characters`);

/** Everything a memory file holds. */
export interface MemoryText {
  name: string;
  description: string;
  type: MemoryType;
  content: string;
}

// `looseObject`: a key someone added by hand (tags, date...) passes unread.
const frontmatterSchema = z.looseObject(memoryFields);

/** Parse one memory file's text; throws an Error whose message says what is wrong. */
export function parseMemoryFile(text: string): MemoryText {
  const { data, body } = parseFrontmatter(text, frontmatterSchema);
  const content = memoryContent.safeParse(body);
  if (!content.success) throw new Error(`its body, the memory itself, ${content.error.issues[0]!.message}`);
  const { name, description, type } = data;
  return { name, description, type, content: content.data };
}

/** The file's text for a memory; `parseMemoryFile` reads it back as it was given. */
export function formatMemoryFile({ name, description, type, content }: MemoryText): string {
  // lineWidth 0: a long description stays on one line instead of being folded by YAML.
  const frontmatter = stringifyYaml({ name, description, type }, { lineWidth: 0 });
  return `---\n${frontmatter}---\n${content.trim()}\n`;
}
