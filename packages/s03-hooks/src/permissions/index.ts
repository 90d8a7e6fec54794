/**
 * The permission pipeline, hung on the kernel instead of written into the loop: the first
 * PreToolUse hook (settings.json's PreToolUse command hooks run inside it, before its question,
 * as in Claude Code: command-hooks/ takes the seat it leaves), the read guard on the search
 * tools, and `/permissions`. The tools of lessons 1 and 2 get their meaning to the policy here
 * (earlier-tools.ts).
 *
 * Grants: allow rules that later mechanisms declare for their own tools (`Mechanism.grants`:
 * "the task tools write only .tasks/"). Core gathers them from the agent's list; this is the one
 * place they are put in force, beside the settings' allow rules (deny rules still win).
 */
import { sessionKey, type Mechanism } from "@learn/core";
import { withEarlierToolPermissions } from "./earlier-tools.ts";
import type { PermissionAccess } from "./hook.ts";
import type { PermissionMode } from "@learn/claude-code-files";
import type { PermissionPolicy } from "./policy.ts";
import { withReadGuard } from "./read-guard.ts";
import { createPolicyHooks, permissionModeFlag } from "./policy-hooks.ts";
import { withPermissionGuidance } from "./prompt.ts";

export type { CommandHookSeat, HookOpinion, PreToolUseCommandHooks } from "./hook.ts";

declare module "@learn/core" {
  interface AgentParts {
    /**
     * s03: the permission policy, its grants, and the judge every tool call goes through (a
     * custom command's allowed-tools use them, s06). Unset before s03.
     */
    permissions?: PermissionAccess;
  }
}

/** The lead's policy and the mode it started in. */
const LEAD_POLICY = sessionKey<{ policy: PermissionPolicy; start: PermissionMode }>("the lead's permission policy");

export const permissions: Mechanism = {
  name: "permissions",
  flags: [permissionModeFlag],
  add(parts, ctx) {
    const { options, grants } = ctx;
    if (!parts.settings) throw new Error("the permissions mechanism reads the settings: put the settings mechanism before it");
    const policy = createPolicyHooks(options, parts.settings);
    sessionWideMode(policy.permissionPolicy, ctx.shared(LEAD_POLICY, () => ({ policy: policy.permissionPolicy, start: policy.permissionPolicy.mode })));
    for (const grant of grants) policy.access.grants.add(grant.rules, grant.source);
    return {
      ...parts,
      tools: withReadGuard(withEarlierToolPermissions(parts.tools), policy.permissionPolicy),
      // The permission hook goes FIRST: no tool runs, and no other hook sees a call, without its yes.
      hooks: [policy.permissions, ...parts.hooks],
      sections: withPermissionGuidance(parts.sections, policy.mode),
      commands: [...parts.commands, ...policy.commands],
      permissions: policy.access,
    };
  },
};

/**
 * One mode a session, switched by the lead (`/permissions mode`): every later agent — a
 * subagent, a teammate — runs in its own mode (its start, or its agent type's) until the lead
 * switches; then in its own or the lead's current one, whichever is stricter, read at each decision. So `/permissions mode plan` holds
 * for children already running too; a switch never loosens a child (stricter than Claude Code,
 * whose children take a loosened parent mode).
 */
function sessionWideMode(mine: PermissionPolicy, lead: { policy: PermissionPolicy; start: PermissionMode }): void {
  if (mine === lead.policy) return;
  const own = mine.mode; // its start, or its agent type's (s05)
  const mode = () => (lead.policy.mode === lead.start ? own : stricterMode(own, lead.policy.mode));
  Object.defineProperty(mine, "mode", { get: mode, enumerable: true });
}

/** plan, then default, then acceptEdits, then bypassPermissions: the first of the two in that order. */
export function stricterMode(a: PermissionMode, b: PermissionMode): PermissionMode {
  const order: readonly PermissionMode[] = ["plan", "default", "acceptEdits", "bypassPermissions"];
  return order.indexOf(a) <= order.indexOf(b) ? a : b;
}
