/**
 * What lesson 3 adds: policy hung on the kernel's hooks instead of written into the loop — the
 * permission pipeline as the first PreToolUse hook (settings.json's PreToolUse command hooks run
 * inside it, before its question, as in Claude Code), the other command hooks after every other
 * hook, the read guard on the search tools, and `/permissions`. The tools of
 * lessons 1 and 2 get their meaning to the policy here (permissions/earlier-tools.ts).
 *
 * Grants: allow rules that later mechanisms declare for their own tools (`Mechanism.grants`:
 * "the task tools write only .tasks/"). Core gathers them from the agent's list; this is the one
 * place they are put in force, beside the settings' allow rules (deny rules still win).
 */
import { defineHook, type Mechanism } from "@learn/core";
import { withEarlierToolPermissions } from "../../../src/permissions/earlier-tools.ts";
import type { PermissionAccess } from "../../../src/permissions/hook.ts";
import { withReadGuard } from "../../../src/permissions/read-guard.ts";
import { createPolicyHooks, permissionModeFlag } from "../../../src/policy-hooks.ts";
import { withPermissionGuidance } from "../../../src/prompt.ts";

declare module "@learn/core" {
  interface AgentParts {
    /**
     * s03: the permission policy, its grants, and the judge every tool call goes through (a
     * custom command's allowed-tools use them, s06). Unset before s03.
     */
    permissions?: PermissionAccess;
  }
}

export const permissions: Mechanism = {
  name: "permissions",
  flags: [permissionModeFlag],
  async add(parts, { options, grants, role }) {
    const policy = await createPolicyHooks(options, role);
    for (const grant of grants) policy.access.grants.add(grant.rules, grant.source);
    // A prompt that mentions a password is refused before it reaches the model (and the transcript).
    const noSecrets = defineHook("UserPromptSubmit", "no-secrets", async ({ prompt }) => {
      if (/password/i.test(prompt)) return { block: "That prompt mentions a password: it was not sent. Leave secrets out of prompts." };
    });
    return {
      ...parts,
      tools: withReadGuard(withEarlierToolPermissions(parts.tools), policy.permissionPolicy),
      // The permission hook goes FIRST: no tool runs, and no other hook sees a call, without its yes.
      hooks: [policy.permissions, ...parts.hooks, ...policy.commandHooks.hooks, noSecrets],
      onClear: [...parts.onClear, policy.commandHooks.onClear],
      close: [...parts.close, policy.commandHooks.close],
      sections: withPermissionGuidance(parts.sections, policy.mode),
      commands: [...parts.commands, ...policy.commands],
      permissions: policy.access,
    };
  },
};
