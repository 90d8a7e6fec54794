/**
 * Running the hooks of each event — and what happens when one fails. Two policies, side by
 * side, because the difference matters:
 *
 *   fail OPEN   UserPromptSubmit, PreModel, PostToolUse, PostToolBatch, Stop, Pre/PostCompact: a hook that
 *               throws is shown and skipped; one broken extension must not end the session.
 *   fail CLOSED PreToolUse: a permission check that throws DENIES the call. A call nobody
 *               could approve must not run.
 *
 * A cancel (Ctrl-C) is never swallowed: it ends the turn whatever the event.
 */
import type { AgentContext, PostCompactEvent, PreCompactEvent } from "../agent/context.ts";
import type { Message, ToolUseBlock } from "../protocol.ts";
import { capText } from "../../platform/cap.ts";
import { describeIssues, errorText, type Tool, type ToolOutcome } from "../tool.ts";
import { hooksFor, type Hook, type PostToolBatchResult, type PreToolUseResult, type ToolCall } from "./hooks.ts";

/** Fail open: if the hook throws, show it and go on as if it had returned nothing. */
export async function runHookSafely<T>(hook: Hook, ctx: AgentContext, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    ctx.renderer.error(`${hook.event} hook "${hook.name}" failed: ${errorText(err)}`);
    return undefined;
  }
}

/** The prompt with any context hooks added, or undefined when a hook blocked it. */
export async function runUserPromptSubmit(hooks: readonly Hook[], prompt: string, ctx: AgentContext): Promise<string | undefined> {
  let text = prompt;
  for (const hook of hooksFor(hooks, "UserPromptSubmit")) {
    const result = await runHookSafely(hook, ctx, () => hook.run({ prompt }, ctx));
    if (result?.block) {
      ctx.renderer.notice(`Prompt blocked by ${hook.name}: ${result.block}`);
      return undefined;
    }
    if (result?.context) text += `\n\n${result.context}`;
  }
  return text;
}

/** Each PreModel hook may replace the conversation; the next hook sees the replacement. */
export async function runPreModel(hooks: readonly Hook[], round: number, ctx: AgentContext): Promise<void> {
  for (const hook of hooksFor(hooks, "PreModel")) {
    const replaced = await runHookSafely(hook, ctx, () => hook.run({ round }, ctx));
    if (replaced) ctx.messages.splice(0, ctx.messages.length, ...replaced);
  }
}

const denied = (content: string): ToolOutcome => ({ content: `Denied: ${content}`, isError: true });

/**
 * Fail closed. PreToolUse hooks in order; the first deny wins; an updated input is passed
 * along — and validated again here, because a hook's rewrite is input the schema never saw.
 */
export async function askPreToolUse(hooks: readonly Hook[], call: ToolCall, ctx: AgentContext): Promise<ToolCall | ToolOutcome> {
  let current = call;
  for (const hook of hooksFor(hooks, "PreToolUse")) {
    let result: PreToolUseResult | void;
    try {
      result = await hook.run({ call: current }, ctx);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      return denied(`the PreToolUse hook "${hook.name}" failed: ${errorText(err)}`);
    }
    if (result?.decision === "deny") return denied(result.reason ?? `blocked by ${hook.name}`);
    if (result?.updatedInput) {
      const parsed = current.tool.schema.safeParse(result.updatedInput);
      if (!parsed.success) return denied(`the hook "${hook.name}" rewrote the input into an invalid one (${describeIssues(parsed.error)})`);
      current = { ...current, input: parsed.data as Record<string, unknown> };
    }
  }
  return current;
}

/** PostToolUse hooks may add context to the result; what they add is capped like any output. */
export async function runPostToolUse(hooks: readonly Hook[], call: ToolCall, outcome: ToolOutcome, ctx: AgentContext, durationMs?: number): Promise<ToolOutcome> {
  for (const hook of hooksFor(hooks, "PostToolUse")) {
    const result = await runHookSafely(hook, ctx, () => hook.run({ call, outcome, ...(durationMs === undefined ? {} : { durationMs }) }, ctx));
    if (result?.context) outcome = { ...outcome, content: capText(`${outcome.content}\n\n${result.context}`) };
  }
  return outcome;
}

/** Every PostToolBatch hook's text blocks, in order; the turn ends if any hook says so. */
export async function runPostToolBatch(
  hooks: readonly Hook[],
  uses: ToolUseBlock[],
  outcomes: ToolOutcome[],
  tools: ReadonlyMap<string, Tool>,
  ctx: AgentContext,
): Promise<Required<PostToolBatchResult>> {
  const batch = { append: [] as string[], endTurn: false };
  const called = uses.map((use) => tools.get(use.name));
  for (const hook of hooksFor(hooks, "PostToolBatch")) {
    const result = await runHookSafely(hook, ctx, () => hook.run({ uses, outcomes, tools: called }, ctx));
    batch.append.push(...(result?.append ?? []));
    batch.endTurn ||= result?.endTurn === true;
  }
  return batch;
}

/** The first Stop hook that wants to keep going decides the next message. */
export async function runStop(hooks: readonly Hook[], response: Message, continuations: number, ctx: AgentContext): Promise<string | undefined> {
  for (const hook of hooksFor(hooks, "Stop")) {
    const result = await runHookSafely(hook, ctx, () => hook.run({ response, continuations }, ctx));
    if (result?.continueWith) return result.continueWith;
  }
  return undefined;
}

/** Before a compaction: the first block stops it; every hook's instructions are added, in order. */
export async function runPreCompact(hooks: readonly Hook[], e: PreCompactEvent, ctx: AgentContext): Promise<{ block?: string; instructions: string }> {
  const parts = e.instructions ? [e.instructions] : [];
  for (const hook of hooksFor(hooks, "PreCompact")) {
    const result = await runHookSafely(hook, ctx, () => hook.run(e, ctx));
    if (result?.block) return { block: `${hook.name}: ${result.block}`, instructions: e.instructions };
    if (result?.instructions) parts.push(result.instructions);
  }
  return { instructions: parts.join("\n\n") };
}

/** After a compaction's summary: every hook's context, in order. */
export async function runPostCompact(hooks: readonly Hook[], e: PostCompactEvent, ctx: AgentContext): Promise<string[]> {
  const added: string[] = [];
  for (const hook of hooksFor(hooks, "PostCompact")) {
    const result = await runHookSafely(hook, ctx, () => hook.run(e, ctx));
    if (result?.context) added.push(result.context);
  }
  return added;
}
