/**
 * One custom slash command, as Claude Code writes it: a Markdown file in `.claude/commands/`
 * whose name is the command's name and whose body is a prompt template.
 *
 *   ---                                                   (the frontmatter is optional)
 *   description: Commit the staged changes                what /help shows
 *   argument-hint: [message]                              shown after the name in /help
 *   allowed-tools: Bash(git add:*), Bash(git commit:*)    allow rules for this command's turn
 *   model: claude-3-5-haiku-20241022                      anything else is Claude Code's: ignored
 *   ---
 *   ## Context
 *   - Status: !`git status`                               run before the turn, output inlined
 *   Commit the staged changes. $ARGUMENTS                 the arguments typed after /commit
 *
 * Files written for Claude Code must load unchanged, so keys we do not use are ignored; what we
 * do read is checked, and a file that fails says which file and why.
 */
import { z } from "zod";
import { parseFrontmatter, splitToolList } from "@learn/core/harness";

/** What a command file says. */
export interface CommandFile {
  /** From the frontmatter, or the body's first line. */
  description: string;
  argumentHint?: string;
  /** Permission rules, in settings.json syntax, as written. */
  allowedTools: string[];
  /** The body: the prompt template. */
  template: string;
}

/** How much of the body's first line stands in for a missing description. */
export const COMMAND_DESCRIPTION_CHARS = 80;

const toolList = z
  .union([z.string(), z.array(z.string())], "expected a comma-separated string or a list of permission rules")
  .transform((tools) => (Array.isArray(tools) ? tools.map((t) => t.trim()).filter((t) => t !== "") : splitToolList(tools)));

// YAML reads `argument-hint: [message]` as a list: Claude Code's files write it that way.
const argumentHint = z
  .union([z.string(), z.array(z.string())], "expected a string like [message]")
  .transform((hint) => (Array.isArray(hint) ? hint.map((h) => `[${h}]`).join(" ") : hint.trim()));

// `looseObject`: keys Claude Code knows and we do not (model, disable-model-invocation...) pass unread.
const frontmatterSchema = z.looseObject({
  description: z.string().trim().min(1, "must not be empty").optional(),
  "argument-hint": argumentHint.optional(),
  "allowed-tools": toolList.optional(),
});

/** Parse one command file's text; throws an Error whose message says what is wrong. */
export function parseCommandFile(text: string): CommandFile {
  // Claude Code's commands may be plain Markdown: no frontmatter means no keys.
  const { data, body: template } = parseFrontmatter(text, frontmatterSchema, { optional: true });
  if (template === "") throw new Error("its body, the prompt the command sends, is empty");
  const { description, "argument-hint": hint, "allowed-tools": allowedTools = [] } = data;
  return { description: description ?? firstLineOf(template), ...(hint ? { argumentHint: hint } : {}), allowedTools, template };
}

/** The body's first line, without a heading's #s, cut: a description for a file that has none. */
function firstLineOf(template: string): string {
  const line = template.split("\n")[0]!.replace(/^#+\s*/, "").trim();
  return line.length > COMMAND_DESCRIPTION_CHARS ? `${line.slice(0, COMMAND_DESCRIPTION_CHARS - 1)}…` : line;
}
