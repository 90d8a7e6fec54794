/**
 * Claude Code's command hooks: the shell commands settings.json's `hooks` declares, run at the
 * moments Claude Code runs them (hooks.ts has the table). They come after the permission
 * pipeline in the list, because one of them runs inside it: PreToolUse commands take the seat
 * the permission hook leaves for them (`PermissionAccess.commandHooks`) and run before its
 * question, on every call. The other events are kernel hooks after every earlier hook, and the
 * two moments outside a turn: `/clear` and exit.
 */
import { randomUUID } from "node:crypto";
import { sessionKey, type Mechanism } from "@learn/core";
import type { HookSession } from "@learn/claude-code-files";
import { createCommandHooks } from "./hooks.ts";
import { transcriptPathOf } from "./transcript.ts";

/** The lead's hook session, kept where the lead's subagents find it (a subagent's hooks carry the lead's session_id). */
interface LeadHookSession {
  current?: HookSession;
}
const LEAD_HOOK_SESSION = sessionKey<LeadHookSession>("the lead's hook session");

export const commandHooks: Mechanism = {
  name: "command hooks",
  add(parts, ctx) {
    const { options, role } = ctx;
    const { settings, permissions } = parts;
    if (!settings || !permissions) throw new Error("the command hooks run inside the permission pipeline: put the settings and permissions mechanisms before them");
    // A subagent's Stop hooks run as SubagentStop, and it has no session events of its own; its
    // hooks carry the lead's `session_id` and its own `agent_id` / `agent_type` (Claude Code's rule).
    const subagent = role === "subagent" ? { agentId: options.model.agent } : undefined;
    const lead = ctx.shared(LEAD_HOOK_SESSION, (): LeadHookSession => ({}));
    const session = hookSessionOf(options.cwd, () => permissions.policy.mode, subagent && { lead, agentId: subagent.agentId });
    if (!subagent) lead.current = session;
    const hooks = createCommandHooks({ config: settings.hooks, session, renderer: options.renderer, mayHit: permissions.mayHit, ...(subagent ? { subagent } : {}) });
    // Their seat in the permission hook: PreToolUse before its question, Notification while it asks.
    permissions.commandHooks.preToolUse = hooks.preToolUse;
    permissions.commandHooks.notify = hooks.notify;
    return {
      ...parts,
      hooks: [...parts.hooks, ...hooks.hooks],
      onClear: [...parts.onClear, hooks.onClear],
      close: [...parts.close, hooks.close],
    };
  },
};

/**
 * What every hook of this agent is sent. permissionMode is read when a hook runs: /permissions
 * mode may have switched it since. A subagent's session_id is the lead's, read when a hook runs
 * (a /clear renews it); its transcript is its own conversation.
 */
function hookSessionOf(cwd: string, mode: () => string, child?: { lead: LeadHookSession; agentId: string }): HookSession {
  let own: string = randomUUID();
  return {
    get sessionId() {
      return child?.lead.current?.sessionId ?? own;
    },
    set sessionId(id: string) {
      own = id; // a /clear renews the lead's (a subagent has no session of its own to renew)
    },
    cwd,
    get permissionMode() {
      return mode();
    },
    transcriptPath: transcriptPathOf(own),
    // The course names a child `<type>-<n>` (s05): its type is the name without the number.
    ...(child ? { agent: { id: child.agentId, type: child.agentId.replace(/-\d+$/, "") } } : {}),
  };
}
