/**
 * The system prompt of lesson 1: who the agent is, where it works, how it should behave.
 * Kept as named sections so later lessons can add sections of their own.
 */
import { joinSections, type PromptSection } from "@learn/core";

export function promptSections(cwd: string): PromptSection[] {
  return [
    { name: "identity", text: `You are a coding agent working in ${cwd}.` },
    { name: "tool guidance", text: "Use the bash tool to inspect and change files and to run commands." },
    { name: "style", text: "Act, don't explain: make the change, run it, then report briefly what happened." },
  ];
}

export function systemPrompt(cwd: string): string {
  return joinSections(promptSections(cwd));
}
