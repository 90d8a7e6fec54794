/**
 * A hook's JSON answer (exit 0, stdout a JSON object), field by field, as Claude Code reads it:
 *
 *   every event   continue: false      stop: no further model call (stopReason shown to the user)
 *                 systemMessage        shown to the user, never sent to the model
 *                 suppressOutput       accepted; nothing to hide here (the course never shows hook stdout)
 *   UserPromptSubmit, PostToolUse(Failure), Stop, SubagentStop
 *                 decision: "block"    + reason: what "block" means for the event (verdict.ts)
 *   PreToolUse    decision: "block" / "approve"   the older spelling of deny / allow
 *                 hookSpecificOutput.permissionDecision (allow / deny / ask), permissionDecisionReason,
 *                 updatedInput, additionalContext
 *   others        hookSpecificOutput.additionalContext: context for the model
 *
 * A field we cannot read is said on screen. Before a tool call it makes a person decide (fail
 * closed); elsewhere the answer's other fields still count.
 */
import { capText } from "@learn/core";
import type { CommandHookEvent } from "./config.ts";
import type { HookVerdict } from "./hook-verdict.ts";

/** Events where `decision: "block"` has a meaning (PreToolUse reads it as the older deny). */
const BLOCKING_DECISION: ReadonlySet<CommandHookEvent> = new Set(["UserPromptSubmit", "PostToolUse", "PostToolUseFailure", "Stop", "SubagentStop"]);
/** PreToolUse's older `decision` values, in today's words. */
const LEGACY_DECISION: Readonly<Record<string, "allow" | "deny">> = { approve: "allow", block: "deny" };

export function jsonAnswer(event: CommandHookEvent, name: string, json: Record<string, unknown>): HookVerdict {
  const verdict: HookVerdict = {};
  if (json.continue === false) verdict.stop = typeof json.stopReason === "string" && json.stopReason ? capText(json.stopReason) : `stopped by ${name}`;
  if (typeof json.systemMessage === "string" && json.systemMessage) verdict.notice = capText(json.systemMessage);
  const output = (json.hookSpecificOutput ?? {}) as Record<string, unknown>;
  if (typeof output.additionalContext === "string" && output.additionalContext) verdict.context = output.additionalContext;
  const reason = typeof json.reason === "string" && json.reason ? capText(json.reason) : undefined;
  if (event === "PreToolUse") return preToolUseAnswer(name, json.decision, reason, output, verdict);
  if (json.decision === undefined) return verdict;
  if (json.decision === "block" && BLOCKING_DECISION.has(event)) return { ...verdict, block: reason ?? `blocked by ${name} (no reason given)` };
  return { ...verdict, error: `${name} answered a decision ${JSON.stringify(json.decision)} that ${event} does not know; ignored.` };
}

/** PreToolUse: `hookSpecificOutput` first; the older top-level `decision` when it says nothing. */
function preToolUseAnswer(name: string, legacy: unknown, legacyReason: string | undefined, output: Record<string, unknown>, verdict: HookVerdict): HookVerdict {
  if (output.permissionDecision === undefined && legacy !== undefined && !(typeof legacy === "string" && Object.hasOwn(LEGACY_DECISION, legacy))) {
    return unreadablePreToolUse(`${name} answered an unknown decision ${JSON.stringify(legacy)} (expected approve or block)`);
  }
  const decision = output.permissionDecision ?? (legacy === undefined ? undefined : LEGACY_DECISION[legacy as string]);
  if (decision !== undefined && decision !== "allow" && decision !== "deny" && decision !== "ask") {
    return unreadablePreToolUse(`${name} answered an unknown permissionDecision ${JSON.stringify(decision)} (expected allow, deny or ask)`);
  }
  if (decision !== undefined) verdict.decision = decision;
  const reason = typeof output.permissionDecisionReason === "string" ? capText(output.permissionDecisionReason) : legacyReason;
  if (reason !== undefined) verdict.reason = reason;
  if (output.updatedInput !== undefined) verdict.updatedInput = output.updatedInput;
  return verdict;
}

/** An answer we cannot read: told to the user; before a tool call, a person decides. */
export function unreadablePreToolUse(what: string): HookVerdict {
  return { error: `${what}; asking instead.`, decision: "ask", reason: `its answer could not be read: ${what}` };
}
