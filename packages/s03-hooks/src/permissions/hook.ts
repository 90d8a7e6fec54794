/**
 * The permission pipeline as a kernel hook — the FIRST PreToolUse hook, so nothing else
 * (command hooks included) ever sees a call the user's policy denies. A denial becomes an
 * error tool_result with the reason; the tool never runs.
 */
import { defineHook, type Hook } from "@learn/core";
import type { Asker } from "./asker.ts";
import { decide } from "./pipeline.ts";
import type { PermissionPolicy } from "./policy.ts";

export const PERMISSION_HOOK_NAME = "permissions";

export function permissionHook(policy: PermissionPolicy, ask: Asker): Hook<"PreToolUse"> {
  return defineHook("PreToolUse", PERMISSION_HOOK_NAME, async ({ call }, ctx) => {
    let decision = decide(call, policy, ctx.cwd);
    if (decision.behavior === "ask") decision = await ask(call, decision, ctx.signal);
    return decision.behavior === "allow" ? { decision: "allow" } : { decision: "deny", reason: decision.reason };
  });
}
