/**
 * The permission pipeline as a kernel hook — the FIRST PreToolUse hook: no tool runs, and no
 * later mechanism's hook sees a call, without its yes. A denial becomes an error tool_result
 * with the reason; the tool never runs.
 *
 * Inside it, as in Claude Code, settings.json's PreToolUse command hooks run first, on every
 * call (those the policy then refuses too): the command hooks mechanism (command-hooks/) takes
 * its seat here (`CommandHookSeat`), and their word counts this way:
 *
 *   hook says   deny / exit 2     denied, whatever the rules
 *               ask               a person is asked (without a terminal: denied), unless the policy denies
 *               allow             replaces the question the MODE would ask; a deny rule, the refuse-list,
 *                                 plan mode, an ask rule and a protected path still win
 *               nothing           the pipeline decides, as without hooks
 */
import { defineHook, type AgentContext, type Hook, type ToolCall } from "@learn/core";
import type { Rule } from "@learn/claude-code-files";
import type { Asker } from "./asker.ts";
import type { Decision } from "./decision.ts";
import type { Grants } from "./grants.ts";
import { decide } from "./pipeline.ts";
import type { PermissionPolicy } from "./policy.ts";

export const PERMISSION_HOOK_NAME = "permissions";

/** What the PreToolUse command hooks say about one call, for the permission hook to weigh. */
export interface HookOpinion {
  /** The call to judge and run: the model's, or as a hook rewrote it (schema-checked). */
  call: ToolCall;
  /** A hook blocked it (exit 2, permissionDecision deny), or rewrote it into something unusable: why. */
  deny?: string;
  /** A hook asked (wins over another's allow), or allowed; and its reason, as the person or the model reads it. */
  decision?: "allow" | "ask";
  reason?: string;
  /** The hook that rewrote the call, if one did. */
  rewrittenBy?: string;
}

/** The PreToolUse command hooks, as the permission hook calls them. */
export type PreToolUseCommandHooks = (call: ToolCall, ctx: AgentContext) => Promise<HookOpinion>;

/**
 * Where settings.json's command hooks plug into the pipeline; empty until the command hooks
 * mechanism (after this one in the list) fills it, read at each call.
 */
export interface CommandHookSeat {
  /** Run before the pipeline decides, on every call: their opinion is weighed (the table above). */
  preToolUse?: PreToolUseCommandHooks;
  /** A question waits for the person: the Notification hooks (their answers change nothing). */
  notify?: (message: string, notificationType: string, cwd: string, signal?: AbortSignal) => Promise<void>;
}

/**
 * The session's permissions, for mechanisms after this lesson: the policy, the grants they
 * may add to, and the judge every call goes through — the pipeline, the asker, the grants.
 */
export interface PermissionAccess {
  policy: PermissionPolicy;
  grants: Grants;
  /** What the permission hook would decide about this call now: always "allow" or "deny". */
  judge(call: ToolCall, ctx: { cwd: string; signal?: AbortSignal }): Promise<Decision>;
  /** Why this call is not a read-only command line inside the workspace (read-only.ts), or undefined when it is: s05's explore runs only those. */
  notReadOnly(call: Pick<ToolCall, "name" | "input" | "tool">, cwd: string): string | undefined;
  /** For a command hook's `if`: does the rule hit a part of this call, or might it, unchecked (matching.ts)? */
  mayHit(call: ToolCall, cwd: string): (rule: Rule) => boolean;
  /** The command hooks' seat in the pipeline (command-hooks/ fills it). */
  commandHooks: CommandHookSeat;
}

export function permissionHook(policy: PermissionPolicy, ask: Asker, grants?: Grants, commandHooks?: CommandHookSeat): Hook<"PreToolUse"> {
  return defineHook("PreToolUse", PERMISSION_HOOK_NAME, async ({ call }, ctx) => {
    const opinion: HookOpinion = commandHooks?.preToolUse ? await commandHooks.preToolUse(call, ctx) : { call };
    if (ctx.signal.aborted) return { decision: "deny", reason: "interrupted by the user before it ran" };
    if (opinion.deny) return { decision: "deny", reason: opinion.deny };
    const decision = await weighed(opinion, policy, ask, ctx, grants);
    if (decision.behavior !== "allow") {
      const rewritten = opinion.rewrittenBy && `the PreToolUse hook "${opinion.rewrittenBy}" changed the call, and the permission policy does not allow the new one: `;
      return { decision: "deny", reason: `${rewritten || ""}${decision.reason}` };
    }
    return opinion.rewrittenBy ? { decision: "allow", updatedInput: opinion.call.input } : { decision: "allow" };
  });
}

/** The pipeline's decision on the call the hooks let through, with their allow or ask weighed in. */
async function weighed(opinion: HookOpinion, policy: PermissionPolicy, ask: Asker, ctx: { cwd: string; signal: AbortSignal }, grants?: Grants): Promise<Decision> {
  const { call } = opinion;
  const decision = decide(call, policy, ctx.cwd, grants?.list());
  if (decision.behavior === "deny" || opinion.decision === undefined) return decision.behavior === "ask" ? ask(call, decision, ctx.signal, ctx.cwd) : decision;
  const reason = opinion.reason ?? "a PreToolUse hook";
  if (opinion.decision === "ask") return ask(call, { behavior: "ask", reason, step: "hook" }, ctx.signal, ctx.cwd);
  // A hook's allow stands in for the person the mode would ask — not for a rule or a protected path.
  if (decision.step === "mode") return { behavior: "allow", reason, step: "hook" };
  return decision.behavior === "ask" ? ask(call, decision, ctx.signal, ctx.cwd) : decision;
}

/** The pipeline's decision, with an "ask" put to the asker: always "allow" or "deny". */
export async function judge(
  call: ToolCall,
  policy: PermissionPolicy,
  ask: Asker,
  cwd: string,
  signal?: AbortSignal,
  grants?: Grants,
): Promise<Decision> {
  const decision = decide(call, policy, cwd, grants?.list());
  return decision.behavior === "ask" ? ask(call, decision, signal, cwd) : decision;
}
