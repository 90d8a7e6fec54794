/**
 * The system prompt of lesson 2: lesson 1's sections, with the tool guidance rewritten for
 * the file tools. A model given only "use bash" will `sed` and `cat`; say which tool is for what.
 */
import { joinSections, type PromptSection } from "@learn/core";
import { promptSections as s01Sections } from "@learn/s01";

export const TOOL_GUIDANCE = [
  "Use the file tools for files: glob to find files by name, grep to search their contents,",
  "read_file to read one, edit_file to change part of it (exact text, read it first), write_file to create one.",
  "Prefer them to bash for files: they are safer and their results are clearer.",
  "Use bash to run things: tests, scripts, git. Call independent reads and searches together in one response.",
].join(" ");

/** The same sections, with "tool guidance" saying which file tool is for what. */
export function withFileToolGuidance(sections: PromptSection[]): PromptSection[] {
  return sections.map((section) => (section.name === "tool guidance" ? { ...section, text: TOOL_GUIDANCE } : section));
}

export function promptSections(cwd: string): PromptSection[] {
  return withFileToolGuidance(s01Sections(cwd));
}

export function systemPrompt(cwd: string): string {
  return joinSections(promptSections(cwd));
}
