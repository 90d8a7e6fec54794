/**
 * What one hook run means, by Claude Code's contract:
 *
 *   exit 0     go on. stdout may be a JSON answer (json-answer.ts: `continue`, `systemMessage`,
 *              `decision` + `reason`, `hookSpecificOutput`). Plain stdout is context for
 *              UserPromptSubmit and SessionStart (for PreCompact: more instructions for the
 *              summary), and ignored elsewhere.
 *   exit 2     block, with stderr as the reason (what "block" means depends on the event).
 *   other      a non-blocking error: shown to the user, and we go on. So is a timeout, and a
 *              missing script (bash's exit 127) — a broken hook must not wedge the agent.
 *
 * The whole of stdout is read (a long answer is still an answer); only what is shown or
 * passed on is capped. stdout that starts like JSON but does not parse is an answer we cannot
 * read: the user is told, and a PreToolUse call is put to a person instead of waved through.
 */
import { capText } from "@learn/core";
import type { RunResult } from "@learn/core/harness";
import type { CommandHookEvent, CommandHookSpec } from "./config.ts";
import type { HookVerdict } from "./hook-verdict.ts";
import { jsonAnswer, unreadablePreToolUse } from "./json-answer.ts";

export type { HookVerdict };

export const BLOCKING_EXIT_CODE = 2;
/** Events whose plain stdout is context for the model (Claude Code's rule). */
const TEXT_IS_CONTEXT: ReadonlySet<CommandHookEvent> = new Set(["UserPromptSubmit", "SessionStart", "PreCompact"]);
const COMMAND_NOT_FOUND = 127;
/** A hook's stderr shown on screen in an error line: enough to see what went wrong. */
const SHOWN_STDERR_CHARS = 2_000;

export function verdictOf(event: CommandHookEvent, hook: CommandHookSpec, run: RunResult): HookVerdict {
  const name = `${event} hook "${hook.command}"`;
  const stderr = run.stderr.trim();
  const shown = stderr ? `: ${capText(stderr, SHOWN_STDERR_CHARS)}` : "";
  if (run.startError) return { error: `${name} could not start: ${run.startError}` };
  if (run.aborted) return {};
  if (run.timedOut) return { error: `${name} timed out after ${hook.timeoutSeconds}s and was stopped; going on without it.` };
  if (run.exitCode === 0) return answerOf(event, name, run.stdout);
  if (run.exitCode === BLOCKING_EXIT_CODE) return { block: stderr ? capText(stderr) : `blocked by ${name} (exit 2, no reason given)` };
  if (run.exitCode === COMMAND_NOT_FOUND) return { error: `${name} failed: command not found (exit 127)${shown}. Going on without it.` };
  return { error: `${name} failed with exit code ${run.exitCode ?? "unknown"}${shown}. Going on.` };
}

/** Exit 0: read stdout as JSON when it is JSON, as plain text otherwise. */
function answerOf(event: CommandHookEvent, name: string, stdout: string): HookVerdict {
  const json = parseObject(stdout);
  if (json === undefined) return TEXT_IS_CONTEXT.has(event) && stdout.trim() !== "" ? { context: stdout.trim() } : {};
  if (typeof json !== "string") return jsonAnswer(event, name, json);
  const what = `${name} printed JSON that does not parse (${json})`;
  return event === "PreToolUse" ? unreadablePreToolUse(what) : { error: `${what}; ignored.` };
}

/** The JSON object stdout holds; a string saying why, when it looks like JSON but is not; undefined for plain text. */
function parseObject(text: string): Record<string, unknown> | string | undefined {
  if (!text.trim().startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : "not an object";
  } catch (err) {
    return (err as Error).message.slice(0, 200);
  }
}
