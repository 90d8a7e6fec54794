/**
 * The PreToolUse command hooks on one call, gathered into one opinion for the permission hook
 * (permissions/) to weigh against the rules: the first block or deny decides; else a
 * rewrite (checked by the tool's schema), and the strongest of ask / allow. A hook's
 * `continue: false` denies the call and ends the turn; its additionalContext waits for the
 * round's results (round-notes.ts).
 */
import { describeIssues, type ToolCall } from "@learn/core";
import type { CommandHookOptions } from "./options.ts";
import { fromClaudeCode } from "@learn/claude-code-files";
import type { HookOpinion, PreToolUseCommandHooks } from "../permissions/index.ts";
import type { RoundNotes } from "./round-notes.ts";
import { runMatching, type HookAnswer } from "./run.ts";

export function preToolUseCommandHooks(o: CommandHookOptions, notes: RoundNotes): PreToolUseCommandHooks {
  return async (call, ctx) => {
    const answers = await runMatching(o, { event: "PreToolUse", call }, call, ctx);
    for (const { verdict } of answers) if (verdict.context) notes.addContext(verdict.context);
    const stopped = answers.find((a) => a.verdict.stop !== undefined);
    if (stopped) {
      notes.stopWith(stopped.verdict.stop!);
      return { call, deny: `the PreToolUse hook "${stopped.hook.command}" stopped the session: ${stopped.verdict.stop}` };
    }
    const denied = answers.find((a) => a.verdict.block !== undefined || a.verdict.decision === "deny");
    if (denied) {
      const why = denied.verdict.block ?? denied.verdict.reason ?? "no reason given";
      return { call, deny: `the PreToolUse hook "${denied.hook.command}" blocked it: ${why}` };
    }
    const rewrite = answers.find((a) => a.verdict.updatedInput !== undefined);
    const rewritten = rewrite ? rewrittenCall(call, rewrite) : call;
    if (typeof rewritten === "string") return { call, deny: rewritten };
    const opinion: HookOpinion = rewrite ? { call: rewritten, rewrittenBy: rewrite.hook.command } : { call };
    const said = answers.find((a) => a.verdict.decision === "ask") ?? answers.find((a) => a.verdict.decision === "allow");
    if (!said) return opinion;
    const decision = said.verdict.decision as "allow" | "ask";
    const fallback = decision === "ask" ? "confirm this call" : "no reason given";
    return { ...opinion, decision, reason: `the PreToolUse hook "${said.hook.command}" ${decision}s: ${said.verdict.reason ?? fallback}` };
  };
}

/** The call as a hook rewrote it — its `updatedInput` back in our field names, checked by the tool's schema — or why it is denied. */
function rewrittenCall(call: ToolCall, { hook, verdict }: HookAnswer): ToolCall | string {
  const by = `the PreToolUse hook "${hook.command}"`;
  const updated = verdict.updatedInput;
  if (updated === null || typeof updated !== "object" || Array.isArray(updated)) return `${by} answered an updatedInput that is not an object.`;
  const parsed = call.tool.schema.safeParse(fromClaudeCode(updated as Record<string, unknown>, call.tool.permission?.claudeCode));
  if (!parsed.success) return `${by} changed the input into one ${call.name} does not accept: ${describeIssues(parsed.error)}`;
  return { ...call, input: parsed.data as Record<string, unknown> };
}

