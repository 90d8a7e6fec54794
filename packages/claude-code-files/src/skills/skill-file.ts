/**
 * One skill's SKILL.md, as Claude Code (2.1.328) reads it: YAML frontmatter that says what the
 * skill is for and who may start it, and a Markdown body with the instructions.
 *
 *   ---
 *   name: Code review                   a display name; the skill IS its folder (`code-review/`)
 *   description: Review a change for... what it covers (missing: the body's first line)
 *   when_to_use: Before a merge         added to the description: "… - Before a merge"
 *   argument-hint: [path]               `/code-review src/` fills $ARGUMENTS, $0…
 *   allowed-tools: Read Bash(git diff:*)   allow rules while the skill runs (its turn)
 *   disable-model-invocation: true      only the user starts it (/code-review): not offered to the model
 *   user-invocable: false               not a slash command: only the model loads it
 *   model: sonnet                       Claude Code's, with no mechanism here: read, reported, ignored
 *   ---
 *   # Code review
 *   1. Read the whole diff first... !`git diff HEAD`
 *
 * Only the name and description go into the system prompt, for every skill the model may load;
 * the body is read when it is used. Files written for Claude Code load unchanged: frontmatter
 * that is not valid YAML is forgiven as Claude Code forgives it (core's parseFrontmatter, with
 * a warning), and what the course reads is checked, with a reason when it is wrong.
 */
import { z } from "zod";
import { parseFrontmatter } from "@learn/core/harness";
import { argumentHint, description, descriptionFromBody, flag, ignoredKeys, toolList } from "../frontmatter-fields.ts";

/** The file every skill folder holds; the name is spelled in capitals, as Claude Code spells it. */
export const SKILL_FILE = "SKILL.md";

/** Claude Code ignores a `name:` longer than this (the folder's name is used). */
export const MAX_DISPLAY_NAME_CHARS = 256;

/** What a SKILL.md says. */
export interface SkillFile {
  /** The frontmatter's `name`: what menus show; the skill is still named by its folder. */
  displayName?: string;
  /** On one line (the listing is one skill a line); `when_to_use` added after " - ". */
  description: string;
  argumentHint?: string;
  /** Permission rules, in settings.json syntax, as written. */
  allowedTools: string[];
  /** `disable-model-invocation: true`: the model is not offered it and cannot load it. */
  userOnly: boolean;
  /** `user-invocable: false`: no slash command; the model may still load it. */
  modelOnly: boolean;
  /** The instructions: everything after the frontmatter, trimmed. */
  body: string;
  /** What was forgiven (frontmatter that was not YAML) or dropped (a name too long). */
  warnings: string[];
  /** Keys Claude Code reads that the course has no mechanism for. */
  ignored: string[];
}

// `looseObject`: keys neither Claude Code nor the course reads pass unread.
const frontmatterSchema = z.looseObject({
  name: z.union([z.string(), z.number()]).transform(String).optional(),
  description: description.optional(),
  when_to_use: z.union([z.string(), z.number()]).transform(String).optional(),
  "argument-hint": argumentHint.optional(),
  "allowed-tools": toolList.optional(),
  "disable-model-invocation": flag.optional(),
  "user-invocable": flag.optional(),
});

/** Parse one SKILL.md's text; throws an Error whose message says what is wrong. */
export function parseSkillFile(text: string): SkillFile {
  // Claude Code reads a SKILL.md with no frontmatter too: no keys, the description from the body.
  const { data, body, warnings } = parseFrontmatter(text, frontmatterSchema, { optional: true });
  // Claude Code lists a skill that is all frontmatter by its description; with neither, there is nothing to offer.
  if (body === "" && !data.description) throw new Error("it has no description and no instructions (its body is empty)");
  let displayName = data.name?.trim() || undefined;
  if (displayName && displayName.length > MAX_DISPLAY_NAME_CHARS) {
    warnings.push(`its name is over ${MAX_DISPLAY_NAME_CHARS} characters: ignored, as Claude Code does`);
    displayName = undefined;
  }
  const what = data.description ?? descriptionFromBody(body);
  const full = data.when_to_use ? `${what} - ${data.when_to_use}` : what;
  return {
    ...(displayName ? { displayName } : {}),
    // A folded YAML description can span lines; the listing needs it on one.
    description: full.replace(/\s+/g, " ").trim(),
    ...(data["argument-hint"] ? { argumentHint: data["argument-hint"] } : {}),
    allowedTools: data["allowed-tools"] ?? [],
    userOnly: data["disable-model-invocation"] === true,
    modelOnly: data["user-invocable"] === false,
    body,
    warnings,
    ignored: ignoredKeys(data),
  };
}
