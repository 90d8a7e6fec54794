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
 * Code a hook's allow can skip the permission prompt; we keep the policy in charge.)
 */
import { defineHook, runCommand, type Hook, type AgentContext } from "@learn/core";
import type { Asker } from "../permissions/asker.ts";
import type { CommandHookEvent, CommandHookSpec, HookConfig } from "./config.ts";
import { payloadOf, type EventDetails, type HookSession } from "./payload.ts";
import { verdictOf, type HookVerdict } from "./verdict.ts";

export interface CommandHookOptions {
  config: HookConfig;
  session: HookSession;
  /** Where a hook's "ask" goes: the same asker the permission pipeline uses. */
  ask: Asker;
}

interface HookAnswer {
  hook: CommandHookSpec;
  verdict: HookVerdict;
}

export const commandHookName = (event: CommandHookEvent) => `${event} command hooks`;

export function commandHooks(o: CommandHookOptions): Hook[] {
  const run = (details: EventDetails, tool: string | undefined, ctx: AgentContext) => runMatching(o, details, tool, ctx);
  return [
    defineHook("UserPromptSubmit", commandHookName("UserPromptSubmit"), async ({ prompt }, ctx) => {
      const answers = await run({ event: "UserPromptSubmit", prompt }, undefined, ctx);
      const blocked = answers.find((a) => a.verdict.block !== undefined);
      if (blocked) return { block: `${blocked.hook.command}: ${blocked.verdict.block}` };
      const context = contextOf(answers);
      return context ? { context } : undefined;
    }),

    defineHook("PreToolUse", commandHookName("PreToolUse"), async ({ call }, ctx) => {
      const answers = await run({ event: "PreToolUse", call }, call.name, ctx);
      if (ctx.signal.aborted) return { decision: "deny", reason: "interrupted by the user before it ran" };
      const denied = answers.find((a) => a.verdict.block !== undefined || a.verdict.decision === "deny");
      if (denied) {
        const why = denied.verdict.block ?? denied.verdict.reason ?? "no reason given";
        return { decision: "deny", reason: `the PreToolUse hook "${denied.hook.command}" blocked it: ${why}` };
      }
      const asking = answers.find((a) => a.verdict.decision === "ask");
      if (!asking) return undefined;
      const reason = `the PreToolUse hook "${asking.hook.command}" asks: ${asking.verdict.reason ?? "confirm this call"}`;
      const answer = await o.ask(call, { behavior: "ask", reason, step: "hook" }, ctx.signal);
      return answer.behavior === "allow" ? undefined : { decision: "deny", reason: answer.reason };
    }),

    defineHook("PostToolUse", commandHookName("PostToolUse"), async ({ call, outcome }, ctx) => {
      const answers = await run({ event: "PostToolUse", call, outcome }, call.name, ctx);
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

/** Run every hook command configured for this event (and tool), in parallel; report failures. */
async function runMatching(o: CommandHookOptions, details: EventDetails, tool: string | undefined, ctx: AgentContext): Promise<HookAnswer[]> {
  const hooks = (o.config[details.event] ?? [])
    .filter((entry) => tool === undefined || entry.matches(tool))
    .flatMap((entry) => entry.hooks);
  if (hooks.length === 0) return [];
  const input = JSON.stringify(payloadOf(o.session, details));
  const env = { ...process.env, CLAUDE_PROJECT_DIR: ctx.cwd };
  return Promise.all(
    hooks.map(async (hook) => {
      const result = await runCommand(hook.command, { cwd: ctx.cwd, input, timeoutMs: hook.timeoutSeconds * 1000, signal: ctx.signal, env });
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
  return texts.length > 0 ? texts.join("\n\n") : undefined;
}
