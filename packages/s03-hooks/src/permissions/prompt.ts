/**
 * The system prompt of lesson 3: lesson 2's sections, plus what the model needs to know
 * about permissions — that a call can be denied, what a denial looks like, and what to do
 * then (adapt; never hammer the same call). In plan mode it also says so up front.
 */
import type { PromptSection } from "@learn/core";
import { promptSections as s02Sections } from "@learn/s02";
import type { PermissionMode } from "@learn/claude-code-files";

export const PERMISSIONS_GUIDANCE =
  "Some tool calls need permission. A denied call comes back as an error that says why: " +
  "do not repeat it — take another way (a safer command, a different tool), or tell the user what you need.";

export const PLAN_MODE_GUIDANCE =
  "You are in plan mode: read and search as much as you like, but change nothing. " +
  "Finish with a concrete plan for the user to approve.";

/** The sections given, plus "permissions" (and, in plan mode, what plan mode means). */
export function withPermissionGuidance(sections: PromptSection[], mode: PermissionMode): PromptSection[] {
  const text = mode === "plan" ? `${PERMISSIONS_GUIDANCE}\n${PLAN_MODE_GUIDANCE}` : PERMISSIONS_GUIDANCE;
  return [...sections, { name: "permissions", text }];
}

export function promptSections(cwd: string, mode: PermissionMode): PromptSection[] {
  return withPermissionGuidance(s02Sections(cwd), mode);
}
