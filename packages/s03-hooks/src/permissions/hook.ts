/**
 * The permission pipeline as a kernel hook — the FIRST PreToolUse hook, so nothing else
 * (command hooks included) ever sees a call the user's policy denies. A denial becomes an
 * error tool_result with the reason; the tool never runs.
 */
import { defineHook, type Hook, type ToolCall } from "@learn/core";
import type { Asker } from "./asker.ts";
import type { Decision } from "./decision.ts";
import type { Grants } from "./grants.ts";
import { decide } from "./pipeline.ts";
import type { PermissionPolicy } from "./policy.ts";

export const PERMISSION_HOOK_NAME = "permissions";

/**
 * The session's permissions, for mechanisms after this lesson: the policy, the grants they
 * may add to, and the judge every call goes through — the pipeline, the asker, the grants.
 */
export interface PermissionAccess {
  policy: PermissionPolicy;
  grants: Grants;
  /** What the permission hook would decide about this call now: always "allow" or "deny". */
  judge(call: ToolCall, ctx: { cwd: string; signal?: AbortSignal }): Promise<Decision>;
}

export function permissionHook(policy: PermissionPolicy, ask: Asker, grants?: Grants): Hook<"PreToolUse"> {
  return defineHook("PreToolUse", PERMISSION_HOOK_NAME, async ({ call }, ctx) => {
    const decision = await judge(call, policy, ask, ctx.cwd, ctx.signal, grants);
    return decision.behavior === "allow" ? { decision: "allow" } : { decision: "deny", reason: decision.reason };
  });
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
