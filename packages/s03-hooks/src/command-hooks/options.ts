/** What the command hooks are built from: the settings' hooks, the session, and the pipeline's matching. */
import type { AgentContext, ToolCall } from "@learn/core";
import type { HookConfig, HookSession, Rule } from "@learn/claude-code-files";

export interface CommandHookOptions {
  config: HookConfig;
  session: HookSession;
  /** Where a hook's errors are shown when no turn runs (SessionEnd, on exit). */
  renderer: AgentContext["renderer"];
  /** Set for a subagent (s05): its Stop is SubagentStop, and it starts and ends no session. */
  subagent?: { agentId: string };
  /** A hook's `if`: does the rule hit (or might it hit) a part of the call? The pipeline's matching (PermissionAccess.mayHit). */
  mayHit: (call: ToolCall, cwd: string) => (rule: Rule) => boolean;
}
