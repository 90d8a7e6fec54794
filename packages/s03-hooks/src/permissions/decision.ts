/** What the permission pipeline concludes about one call, and how calls are named in reasons. */
import type { ToolCall } from "@learn/core";

export type Behavior = "allow" | "deny" | "ask";

/** Which step decided: an "ask" is answered differently when it came from a rule or a hook. */
export type Step =
  | "refuse-list"
  | "deny rule"
  | "plan mode"
  | "ask rule"
  | "dangerous deletion"
  | "protected path"
  | "unchecked"
  | "allow rule"
  | "read-only"
  | "mode"
  | "hook"
  | "user";

/** A verdict and why: the reason is read by the user (asks) and by the model (denials). */
export interface Decision {
  behavior: Behavior;
  reason: string;
  step: Step;
}

const MAX_SHOWN = 120;

/** `bash "npm test"`, `write_file notes.md`: a call as a reason names it. */
export function describeCall(call: Pick<ToolCall, "name" | "input">): string {
  const { command, path } = call.input as { command?: unknown; path?: unknown };
  const shown = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 3)}...` : text);
  if (typeof command === "string") return `${call.name} "${shown(command)}"`;
  if (typeof path === "string") return `${call.name} ${shown(path)}`;
  return call.name;
}
