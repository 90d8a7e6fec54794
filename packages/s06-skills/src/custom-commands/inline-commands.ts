/**
 * !`command` in a template: run before the turn, its output put in its place — how a command
 * shows the model the state it needs (`!`git status``, `!`git diff --staged``) without a
 * round of tool calls.
 *
 * These commands run with no model in the loop, so they pass the same policy a bash call of
 * the model would: each is judged as a bash call (the refuse-list, deny rules, plan mode, ask
 * rules, allow rules and the command's own allowed-tools, then the mode — which may ask at the
 * terminal; with no terminal an "ask" is a denial that says how to allow it).
 *
 * All are judged before any runs: a denial means none of them ran and no turn starts. Each
 * runs in the workspace with a time limit, its output capped and the API key kept out of its
 * environment (core's runCommand). A command that fails (a non-zero exit, a time-out, no
 * start) stops the command, as in Claude Code: the ones after it do not run, no turn starts,
 * and the user reads why on screen — a prompt built on a failed `git diff` would mislead the
 * model. A template that expects failure says so itself (`!`npm test || true``).
 */
import { capText, type Tool, type ToolCall } from "@learn/core";
import { runCommand, type RunResult } from "@learn/core/harness";
import type { Decision } from "@learn/s03";

/** `!` then a command in backticks, on one line. */
export const INLINE_COMMAND = /!`([^`\n]+)`/g;
/** How long one inline command may run. */
export const INLINE_TIMEOUT_MS = 30_000;
/** How much of one command's output goes into the prompt. */
export const INLINE_OUTPUT_CHARS = 10_000;

export interface InlineDeps {
  cwd: string;
  /** The agent's bash tool: the call is judged as the model's own bash call would be. */
  bash: Tool | undefined;
  /** The permission judge (with the command's allowed-tools granted while it judges). */
  judge(call: ToolCall): Promise<Decision>;
}

/** The commands a template runs, in order. */
export function inlineCommandsOf(template: string): string[] {
  return [...template.matchAll(INLINE_COMMAND)].map((m) => m[1]!.trim());
}

/** Judge every inline command; the first denial as a sentence, or undefined when all may run. */
export async function firstDenial(commands: readonly string[], deps: InlineDeps): Promise<string | undefined> {
  for (const [i, command] of commands.entries()) {
    if (!deps.bash) return `!\`${command}\` needs a bash tool, and this agent has none`;
    const call: ToolCall = { id: `inline_${i}`, name: deps.bash.name, input: { command }, tool: deps.bash };
    const decision = await deps.judge(call);
    if (decision.behavior !== "allow") return `!\`${command}\` was denied: ${decision.reason}`;
  }
  return undefined;
}

/**
 * Run each inline command of `text` in order and put its output where it was written; the
 * first that fails stops there, and says how (the text is not built).
 */
export async function inlineOutputs(text: string, cwd: string): Promise<{ text: string } | { failure: string }> {
  const outputs: string[] = [];
  for (const command of inlineCommandsOf(text)) {
    const run = await runCommand(command, { cwd, timeoutMs: INLINE_TIMEOUT_MS, maxChars: INLINE_OUTPUT_CHARS });
    const output = capText(run.output.trimEnd(), INLINE_OUTPUT_CHARS, run.droppedChars);
    const failed = failureOf(run);
    if (failed) return { failure: `!\`${command}\` ${failed}${output ? `:\n${output}` : ""}` };
    outputs.push(output);
  }
  let next = 0;
  return { text: text.replace(INLINE_COMMAND, () => outputs[next++]!) };
}

/** How a run failed ("failed with exit code 2"), or undefined when it succeeded. */
function failureOf(run: RunResult): string | undefined {
  if (run.startError) return `could not start (${run.startError})`;
  if (run.timedOut) return `was stopped after ${INLINE_TIMEOUT_MS / 1000} s`;
  if (run.exitCode !== 0) return run.exitCode === null ? `was killed by ${run.signal}` : `failed with exit code ${run.exitCode}`;
  return undefined;
}
