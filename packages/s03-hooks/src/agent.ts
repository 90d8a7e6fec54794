/**
 * Lesson 3's agent: s02's parts on the kernel, with policy hung on the kernel's hooks
 * instead of written into the loop.
 *
 *                          .claude/settings.json
 *                           │ permissions      │ hooks
 *                           ▼                  ▼
 *   prompt ─► Kernel ─► PreToolUse: [permissions] ─► [command hooks] ─► tool ─► PostToolUse
 *                           │ deny → an error result the model reads; the tool never runs
 *                           │ ask  → the person (y / n / a), or a denial when there is none
 *                           └ Read(...) deny rules also hide files from searches (read guard)
 *
 * The kernel itself lives in @learn/core (packages/core/src/kernel/): from here on, every
 * lesson is parts added to the previous lesson's parts, and `agentFrom` builds the agent.
 */
import { agentFrom, type Agent, type AgentOptions, type AgentParts } from "@learn/core";
import { parts as s02Parts } from "@learn/s02";
import type { PermissionAccess } from "./permissions/hook.ts";
import { withReadGuard } from "./permissions/read-guard.ts";
import { createPolicyHooks } from "./policy-hooks.ts";
import { withPermissionGuidance } from "./prompt.ts";

declare module "@learn/core" {
  interface AgentParts {
    /**
     * s03: the permission policy, the grants later mechanisms may add (allow rules with a
     * source, for a while), and the judge every tool call goes through. Unset before s03.
     */
    permissions?: PermissionAccess;
  }
}

export async function parts(options: AgentOptions): Promise<AgentParts> {
  const base = await s02Parts(options);
  const policy = await createPolicyHooks(options);
  return {
    ...base,
    tools: withReadGuard(base.tools, policy.permissionPolicy),
    // The permission hook goes FIRST: no tool runs, and no other hook sees a call, without its yes.
    hooks: [policy.permissions, ...base.hooks, ...policy.commandHooks],
    sections: withPermissionGuidance(base.sections, policy.mode),
    commands: [...base.commands, ...policy.commands],
    permissions: policy.access,
  };
}

export async function createAgent(options: AgentOptions): Promise<Agent> {
  return agentFrom(await parts(options), options);
}
