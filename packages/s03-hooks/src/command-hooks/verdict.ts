/**
 * What one hook run means, by Claude Code's contract:
 *
 *   exit 0     go on. stdout may be JSON: `hookSpecificOutput.permissionDecision` (allow / deny /
 *              ask) with `permissionDecisionReason` for PreToolUse, `additionalContext` for
 *              PostToolUse and UserPromptSubmit. Plain stdout is context for UserPromptSubmit,
 *              and ignored elsewhere (a hook may print what it likes).
 *   exit 2     block, with stderr as the reason (what "block" means depends on the event).
 *   other      a non-blocking error: shown to the user, and we go on. So is a timeout, and a
 *              missing script (bash's exit 127) — a broken hook must not wedge the agent.
 */
import type { CommandHookEvent, CommandHookSpec } from "./config.ts";
import type { RunResult } from "@learn/core";

export const BLOCKING_EXIT_CODE = 2;
const COMMAND_NOT_FOUND = 127;

export interface HookVerdict {
  /** Exit 2: the reason to block with. */
  block?: string;
  /** PreToolUse's JSON answer. */
  decision?: "allow" | "deny" | "ask";
  reason?: string;
  /** Text for the model. */
  context?: string;
  /** Something went wrong with the hook itself: shown to the user, does not block. */
  error?: string;
}

export function verdictOf(event: CommandHookEvent, hook: CommandHookSpec, run: RunResult): HookVerdict {
  const name = `${event} hook "${hook.command}"`;
  const stderr = run.stderr.trim();
  if (run.startError) return { error: `${name} could not start: ${run.startError}` };
  if (run.aborted) return {};
  if (run.timedOut) return { error: `${name} timed out after ${hook.timeoutSeconds}s and was stopped; going on without it.` };
  if (run.exitCode === 0) return answerOf(event, name, run.stdout);
  if (run.exitCode === BLOCKING_EXIT_CODE) return { block: stderr || `blocked by ${name} (exit 2, no reason given)` };
  if (run.exitCode === COMMAND_NOT_FOUND) {
    return { error: `${name} failed: command not found (exit 127)${stderr ? `: ${stderr}` : ""}. Going on without it.` };
  }
  return { error: `${name} failed with exit code ${run.exitCode ?? "unknown"}${stderr ? `: ${stderr}` : ""}. Going on.` };
}

/** Exit 0: read stdout as JSON when it is JSON, as plain text otherwise. */
function answerOf(event: CommandHookEvent, name: string, stdout: string): HookVerdict {
  const json = parseObject(stdout);
  if (!json) return event === "UserPromptSubmit" && stdout.trim() !== "" ? { context: stdout.trim() } : {};
  const output = (json.hookSpecificOutput ?? {}) as Record<string, unknown>;
  const verdict: HookVerdict = {};
  if (typeof output.additionalContext === "string" && event !== "PreToolUse") verdict.context = output.additionalContext;
  if (event === "PreToolUse" && output.permissionDecision !== undefined) {
    const decision = output.permissionDecision;
    if (decision !== "allow" && decision !== "deny" && decision !== "ask") {
      return { error: `${name} answered an unknown permissionDecision ${JSON.stringify(decision)} (expected allow, deny or ask); ignored.` };
    }
    verdict.decision = decision;
    if (typeof output.permissionDecisionReason === "string") verdict.reason = output.permissionDecisionReason;
  }
  return verdict;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  if (!text.trim().startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
