/**
 * Command hooks on the kernel: one kernel hook per event, which runs the commands that
 * settings.json configured for it (in parallel, as Claude Code does) and turns what they
 * said into what the kernel understands:
 *
 *   event              exit 2 / JSON deny means            other results
 *   UserPromptSubmit   the prompt is blocked               stdout / additionalContext → context
 *   PreToolUse         the call is denied (reason → model) JSON "ask" → the permission asker
 *   PostToolUse        the reason goes to the model        additionalContext → context
 *   Stop               keep working: the reason is the next message (bounded by the kernel)
 *
 * They run AFTER the permission hook: a call the policy denies never reaches them, and a
 * hook's "allow" cannot override the policy — here it only means "no objection". (In Claude
 * Code a hook's allow can skip the permission prompt; we keep the policy in charge.) A hook
 * may rewrite the call (`updatedInput`): the new input must pass the tool's schema and the
 * permission policy again, or the call is denied.
 */
import { capText, defineHook, describeIssues, MAX_OUTPUT_CHARS, type Hook, type AgentContext, type ToolCall } from "@learn/core";
import { runCommand } from "@learn/core/harness";
import type { Asker } from "../permissions/asker.ts";
import type { Decision } from "../permissions/decision.ts";
import type { CommandHookEvent, CommandHookSpec, HookConfig } from "./config.ts";
import { fromClaudeCode, payloadOf, type EventDetails, type HookSession } from "./payload.ts";
import { verdictOf, type HookVerdict } from "./verdict.ts";

export interface CommandHookOptions {
  config: HookConfig;
  session: HookSession;
  /** Where a hook's "ask" goes: the same asker the permission pipeline uses. */
  ask: Asker;
  /** The permission policy's answer for a call a hook rewrote (a person may be asked). */
  recheck?: (call: ToolCall, ctx: AgentContext) => Promise<Decision>;
}

/**
 * A hook's whole stdout is read, however long (the parts shown or passed on are capped): a
 * verdict cut off in the middle would be lost. stderr only ever reaches the screen or a
 * block reason, so the usual cap does for it.
 */
const HOOK_STDOUT_MAX_CHARS = 4_000_000;

interface HookAnswer {
  hook: CommandHookSpec;
  verdict: HookVerdict;
}

export const commandHookName = (event: CommandHookEvent) => `${event} command hooks`;

export function commandHooks(o: CommandHookOptions): Hook[] {
  const run = (details: EventDetails, call: ToolCall | undefined, ctx: AgentContext) => runMatching(o, details, call, ctx);
  return [
    defineHook("UserPromptSubmit", commandHookName("UserPromptSubmit"), async ({ prompt }, ctx) => {
      const answers = await run({ event: "UserPromptSubmit", prompt }, undefined, ctx);
      const blocked = answers.find((a) => a.verdict.block !== undefined);
      if (blocked) return { block: `${blocked.hook.command}: ${blocked.verdict.block}` };
      const context = contextOf(answers);
      return context ? { context } : undefined;
    }),

    defineHook("PreToolUse", commandHookName("PreToolUse"), async ({ call }, ctx) => {
      const answers = await run({ event: "PreToolUse", call }, call, ctx);
      if (ctx.signal.aborted) return { decision: "deny", reason: "interrupted by the user before it ran" };
      const denied = answers.find((a) => a.verdict.block !== undefined || a.verdict.decision === "deny");
      if (denied) {
        const why = denied.verdict.block ?? denied.verdict.reason ?? "no reason given";
        return { decision: "deny", reason: `the PreToolUse hook "${denied.hook.command}" blocked it: ${why}` };
      }
      const rewrite = answers.find((a) => a.verdict.updatedInput !== undefined);
      const rewritten = rewrite ? await rewrittenCall(o, call, rewrite, ctx) : call;
      if (typeof rewritten === "string") return { decision: "deny", reason: rewritten };
      const asking = answers.find((a) => a.verdict.decision === "ask");
      if (asking) {
        const reason = `the PreToolUse hook "${asking.hook.command}" asks: ${asking.verdict.reason ?? "confirm this call"}`;
        const answer = await o.ask(rewritten, { behavior: "ask", reason, step: "hook" }, ctx.signal);
        if (answer.behavior !== "allow") return { decision: "deny", reason: answer.reason };
      }
      return rewrite ? { updatedInput: rewritten.input } : undefined;
    }),

    defineHook("PostToolUse", commandHookName("PostToolUse"), async ({ call, outcome }, ctx) => {
      const answers = await run({ event: "PostToolUse", call, outcome }, call, ctx);
      const context = contextOf(answers);
      return context ? { context } : undefined;
    }),

    defineHook("Stop", commandHookName("Stop"), async ({ continuations }, ctx) => {
      const answers = await run({ event: "Stop", continuations }, undefined, ctx);
      const blocked = answers.find((a) => a.verdict.block !== undefined);
      return blocked ? { continueWith: blocked.verdict.block } : undefined;
    }),
  ];
}

/**
 * The call as a hook rewrote it — its `updatedInput` back in our field names, checked by the
 * tool's schema and then by the permission policy — or why it is denied.
 */
async function rewrittenCall(o: CommandHookOptions, call: ToolCall, { hook, verdict }: HookAnswer, ctx: AgentContext): Promise<ToolCall | string> {
  const by = `the PreToolUse hook "${hook.command}"`;
  const updated = verdict.updatedInput;
  if (updated === null || typeof updated !== "object" || Array.isArray(updated)) return `${by} answered an updatedInput that is not an object.`;
  const parsed = call.tool.schema.safeParse(fromClaudeCode(updated as Record<string, unknown>, call.tool.permission?.claudeCode));
  if (!parsed.success) return `${by} changed the input into one ${call.name} does not accept: ${describeIssues(parsed.error)}`;
  const changed: ToolCall = { ...call, input: parsed.data as Record<string, unknown> };
  const decision = o.recheck ? await o.recheck(changed, ctx) : undefined;
  if (decision && decision.behavior !== "allow") return `${by} changed the call, and the permission policy does not allow the new one: ${decision.reason}`;
  return changed;
}

/** Run every hook command configured for this event (and tool), in parallel; report failures. */
async function runMatching(o: CommandHookOptions, details: EventDetails, call: ToolCall | undefined, ctx: AgentContext): Promise<HookAnswer[]> {
  const hooks = (o.config[details.event] ?? [])
    .filter((entry) => call === undefined || entry.matches(call.name, call.tool.permission?.claudeCode?.name))
    .flatMap((entry) => entry.hooks);
  if (hooks.length === 0) return [];
  const input = JSON.stringify(payloadOf({ ...o.session, cwd: ctx.cwd }, details));
  const env = { ...process.env, CLAUDE_PROJECT_DIR: ctx.cwd };
  return Promise.all(
    hooks.map(async (hook) => {
      const result = await runCommand(hook.command, {
        cwd: ctx.cwd,
        input,
        timeoutMs: hook.timeoutSeconds * 1000,
        maxStdoutChars: HOOK_STDOUT_MAX_CHARS,
        signal: ctx.signal,
        env,
      });
      const verdict = verdictOf(details.event, hook, result);
      if (verdict.error) ctx.renderer.error(verdict.error);
      return { hook, verdict };
    }),
  );
}

/** Context from every hook, and (PostToolUse) the reasons of hooks that exited 2. */
function contextOf(answers: HookAnswer[]): string | undefined {
  const texts = answers.flatMap(({ hook, verdict }) => [
    ...(verdict.context ? [verdict.context] : []),
    ...(verdict.block ? [`Hook "${hook.command}" says: ${verdict.block}`] : []),
  ]);
  // Appended to what the model reads: capped like any tool output.
  return texts.length > 0 ? capText(texts.join("\n\n"), MAX_OUTPUT_CHARS) : undefined;
}
