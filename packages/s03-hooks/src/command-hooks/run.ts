/**
 * Which of an event's command hooks run, and running them: the entries whose matcher matches
 * (a tool name; how the session started or ended; what compacts; what notifies), the hooks
 * among them whose `if` holds, all at once, each with the event as JSON on stdin.
 */
import { runCommand, withoutProcessWrapper } from "@learn/core/harness";
import type { AgentContext, ToolCall } from "@learn/core";
import { payloadOf, verdictOf, type CommandHookSpec, type EventDetails, type HookVerdict } from "@learn/claude-code-files";
import type { CommandHookOptions } from "./options.ts";
import { writeTranscript } from "./transcript.ts";

/** What running hooks needs of the agent's context (a turn's, or the one made up outside a turn). */
export type HookContext = Pick<AgentContext, "cwd" | "signal" | "renderer" | "messages">;

/**
 * A hook's whole stdout is read, however long (the parts shown or passed on are capped): a
 * verdict cut off in the middle would be lost. stderr only ever reaches the screen or a
 * block reason, so the usual cap does for it.
 */
const HOOK_STDOUT_MAX_CHARS = 4_000_000;

export interface HookAnswer {
  hook: CommandHookSpec;
  verdict: HookVerdict;
}

/** Run every hook command configured for this event (and tool), in parallel; report failures. */
export async function runMatching(o: Pick<CommandHookOptions, "config" | "session" | "mayHit">, details: EventDetails, call: ToolCall | undefined, ctx: HookContext): Promise<HookAnswer[]> {
  const query = call ? undefined : queryOf(details);
  const hooks = (o.config[details.event] ?? [])
    .filter((entry) => (call ? entry.matches(call.name, call.tool) : query === undefined || entry.matches(query)))
    .flatMap((entry) => entry.hooks)
    .filter(conditionHolds(o.mayHit, call, ctx.cwd));
  if (hooks.length === 0) return [];
  await writeTranscript(o.session.transcriptPath, ctx.messages);
  const input = JSON.stringify(payloadOf({ ...o.session, cwd: ctx.cwd }, details));
  const env = { ...process.env, CLAUDE_PROJECT_DIR: ctx.cwd };
  return Promise.all(
    hooks.map(async (hook) => {
      // A hook is the person's program, not the agent's command: never wrapped (s14's sandbox),
      // even when this agent runs inside another's wrapped call (a subagent in its lead's task).
      const result = await withoutProcessWrapper(() =>
        runCommand(hook.command, { cwd: ctx.cwd, input, timeoutMs: hook.timeoutSeconds * 1000, maxStdoutChars: HOOK_STDOUT_MAX_CHARS, signal: ctx.signal, env }),
      );
      const verdict = verdictOf(details.event, hook, result);
      if (verdict.error) ctx.renderer.error(verdict.error);
      if (verdict.notice) ctx.renderer.notice(`${details.event} hook "${hook.command}": ${verdict.notice}`);
      return { hook, verdict };
    }),
  );
}

/** What a matcher of an event without a tool is matched against: how the session started, why it ended, what compacts, what notifies. */
function queryOf(details: EventDetails): string | undefined {
  const query =
    details.event === "SessionStart" ? details.source
    : details.event === "SessionEnd" ? details.reason
    : details.event === "PreCompact" || details.event === "PostCompact" ? details.trigger
    : details.event === "Notification" ? details.notificationType
    : undefined;
  return query;
}

/**
 * A hook's `"if": "Bash(git commit *)"`: on a tool event it runs only when the call has a part
 * the rule matches, the way a deny rule would hit it (`cd x && git commit` too). Without a call
 * to judge (any other event) a hook with an `if` never runs, as in Claude Code.
 *
 * When the condition cannot be decided, the hook runs: a guard under `if: "Bash(rm *)"` must
 * see `x=rm; $x -r dir` and `node -e ...`, whose programs are hidden, as the pipeline asks
 * about them under a deny rule. The permission pipeline's matching decides (`mayHit`).
 */
function conditionHolds(mayHit: CommandHookOptions["mayHit"], call: ToolCall | undefined, cwd: string): (hook: CommandHookSpec) => boolean {
  const hits = call && mayHit(call, cwd);
  return (hook) => {
    if (!hook.if) return true;
    if (!hits) return false;
    return !hook.if.inert && hits(hook.if);
  };
}
