/**
 * Permission modes: what happens to a call that no rule decided. Rules are the user's
 * explicit words and beat the mode (a deny rule holds even in bypassPermissions, an ask rule
 * still asks); the mode only fills the gap — except plan mode, which promises "no changes"
 * and so vetoes every mutating call before allow or ask rules are consulted.
 */
import type { PermissionMode } from "@learn/claude-code-files";
import { mutates, type ToolCall } from "@learn/core";
import { describeCall, type Decision } from "./decision.ts";
import { isEditInside, unapprovable, type CallSubject } from "./matching.ts";
import { notFileEditCall, notReadOnlyCall } from "./read-only.ts";

export const MODE_SUMMARIES: Readonly<Record<PermissionMode, string>> = {
  default: "asks before every tool that changes something, unless a rule allows it",
  acceptEdits: "allows file edits inside the workspace, and mv, cp, touch, mkdir there; asks before other bash",
  plan: "read-only: every tool that changes something is denied (read-only bash runs)",
  bypassPermissions: "allows everything, except the refuse-list and your deny and ask rules",
};

type Call = Pick<ToolCall, "name" | "input" | "tool">;

/** Plan mode: look, don't touch. A bash line that only reads is looking (read-only.ts). */
export function planVeto(mode: PermissionMode, call: Call, subject: CallSubject): Decision | undefined {
  if (mode !== "plan" || !mutates(call.tool) || notReadOnlyCall(subject) === undefined) return undefined;
  return {
    behavior: "deny",
    step: "plan mode",
    reason:
      `plan mode: ${describeCall(call)} would change something, and in plan mode the agent only reads and plans. ` +
      "Present the plan instead; the user can run again with --permission-mode default to carry it out.",
  };
}

/** The mode's answer for a call no rule decided. */
export function modeDecision(mode: PermissionMode, call: Call, subject: CallSubject): Decision {
  if (!mutates(call.tool)) return { behavior: "allow", reason: `${call.name} changes nothing`, step: "mode" };
  if (mode === "bypassPermissions") return { behavior: "allow", reason: "bypassPermissions mode", step: "mode" };
  // A file edit: the call only changes files, all inside the workspace as written and where they lead.
  if (mode === "acceptEdits" && isEditInside(subject)) {
    return { behavior: "allow", reason: "acceptEdits mode allows file edits inside the workspace", step: "mode" };
  }
  // mv, cp, touch, mkdir and redirections, every file inside: file edits by another name.
  if (mode === "acceptEdits" && notFileEditCall(subject) === undefined) {
    return { behavior: "allow", reason: "acceptEdits mode allows mv, cp, touch, mkdir and redirections inside the workspace", step: "mode" };
  }
  const why = unapprovable(subject);
  return {
    behavior: "ask",
    step: "mode",
    reason: `${mode} mode asks before ${call.name} calls that no rule allows` + (why ? `; no rule can approve this one: ${why}` : ""),
  };
}
