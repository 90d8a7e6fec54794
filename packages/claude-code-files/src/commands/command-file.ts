/**
 * One custom slash command, as Claude Code writes it: a Markdown file in `.claude/commands/`
 * whose name is the command's name and whose body is a prompt template.
 *
 *   ---                                                   (the frontmatter is optional)
 *   description: Commit the staged changes                what /help shows
 *   argument-hint: [message]                              shown after the name in /help
 *   allowed-tools: Bash(git add:*), Bash(git commit:*)    allow rules for this command's turn
 *   model: claude-3-5-haiku-20241022                      Claude Code's, no mechanism here: reported, ignored
 *   ---
 *   ## Context
 *   - Status: !`git status`                               run before the turn, output inlined
 *   Commit the staged changes. $ARGUMENTS                 the arguments typed after /commit
 *
 * Files written for Claude Code must load unchanged, so keys we do not use are ignored; what we
 * do read is checked, and a file that fails says which file and why.
 */
import { z } from "zod";
import { parseFrontmatter } from "@learn/core/harness";
import { argumentHint, description, descriptionFromBody, ignoredKeys, toolList } from "../frontmatter-fields.ts";

/** What a command file says. */
export interface CommandFile {
  /** From the frontmatter, or the body's first line. */
  description: string;
  argumentHint?: string;
  /** Permission rules, in settings.json syntax, as written. */
  allowedTools: string[];
  /** The body: the prompt template. */
  template: string;
  /** What was forgiven: frontmatter that was not YAML, read as no keys. */
  warnings: string[];
  /** Keys Claude Code reads that the course has no mechanism for (`model`…). */
  ignored: string[];
}

// `looseObject`: keys neither Claude Code nor the course reads pass unread.
const frontmatterSchema = z.looseObject({
  description: description.optional(),
  "argument-hint": argumentHint.optional(),
  "allowed-tools": toolList.optional(),
});

/** Parse one command file's text; throws an Error whose message says what is wrong. */
export function parseCommandFile(text: string): CommandFile {
  // Claude Code's commands may be plain Markdown: no frontmatter means no keys.
  const { data, body: template, warnings } = parseFrontmatter(text, frontmatterSchema, { optional: true });
  if (template === "") throw new Error("its body, the prompt the command sends, is empty");
  const { description, "argument-hint": hint, "allowed-tools": allowedTools = [] } = data;
  return {
    description: description ?? descriptionFromBody(template),
    ...(hint ? { argumentHint: hint } : {}),
    allowedTools,
    template,
    warnings,
    ignored: ignoredKeys(data),
  };
}
