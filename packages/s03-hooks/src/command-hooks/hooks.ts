/**
 * Command hooks on the kernel: one kernel hook per event, which runs the commands that
 * settings.json configured for it (in parallel, as Claude Code does) and turns what they
 * said into what the kernel understands:
 *
 *   event              exit 2 / JSON deny means            other results
 *   UserPromptSubmit   the prompt is blocked               stdout / additionalContext → context
 *   PreToolUse         the call is denied (reason → model) JSON allow / ask → the permission hook
 *   PostToolUse        the reason goes to the model        additionalContext → context
 *   (any, JSON)        continue: false ends the turn; systemMessage is shown (json-answer.ts, in @learn/claude-code-files)
 *   Stop               keep working: the reason is the next message (bounded by the kernel)
 *   PreCompact         the compaction does not happen      stdout → instructions for the summary
 *   PostCompact        (SessionStart "compact" first)      SessionStart's context follows the summary
 *
 * Notification is no kernel hook: the asker fires it when a question waits for the person
 * (`notify`). SessionStart runs with the first prompt, and again after /clear, which first ends
 * the session that was (SessionEnd, reason "clear"); SessionEnd "other" runs on exit.
 *
 * PreToolUse is not a kernel hook of its own: as in Claude Code, the commands run BEFORE the
 * permission question, inside the permission hook (its seat: index.ts), and see every call —
 * those the policy then refuses too. What they say is only their opinion (`HookOpinion`, pre-tool-use.ts);
 * the permission hook weighs it against the rules. A hook may rewrite the call (`updatedInput`):
 * the new input must pass the tool's schema, and it is the new call the policy judges.
 * Which of an event's hooks run (matchers, a hook's `if`), and running them: run.ts.
 */
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { capText, defineHook, MAX_OUTPUT_CHARS, type Hook, type AgentContext, type ToolCall } from "@learn/core";
import type { CommandHookEvent, EventDetails, HookSession } from "@learn/claude-code-files";
import type { CommandHookOptions } from "./options.ts";
import type { PreToolUseCommandHooks } from "../permissions/index.ts";
import { preToolUseCommandHooks } from "./pre-tool-use.ts";
import { RoundNotes } from "./round-notes.ts";
import { runMatching, type HookAnswer, type HookContext } from "./run.ts";
import { sessionEndBudgetMs } from "./session-end-budget.ts";
import { transcriptPathOf } from "./transcript.ts";

/** The command hooks as the agent is given them: kernel hooks, and the two moments outside a turn. */
export interface CommandHookParts {
  hooks: Hook[];
  /** `/clear`: the session ends (SessionEnd, reason "clear"); the next prompt starts a new one (SessionStart, source "clear"). */
  onClear: () => void;
  /** On exit: SessionEnd. */
  close: () => Promise<void>;
  /** A question waits for the person: the Notification hooks (their answers change nothing). */
  notify: (message: string, notificationType: string, cwd: string, signal?: AbortSignal) => Promise<void>;
  /** The PreToolUse command hooks, for the permission hook to run before its question (index.ts seats them). */
  preToolUse: PreToolUseCommandHooks;
}

export const commandHookName = (event: CommandHookEvent) => `${event} command hooks`;

export function createCommandHooks(o: CommandHookOptions): CommandHookParts {
  const run = (details: EventDetails, call: ToolCall | undefined, ctx: HookContext) => runMatching(o, details, call, ctx);
  const notes = new RoundNotes();
  // The session starts with its first prompt (the course has no moment before it), and again after /clear.
  let starting: "startup" | "clear" | undefined = o.subagent ? undefined : "startup";
  let lastMessages: AgentContext["messages"] = [];
  // The SessionEnd of a /clear runs while the REPL goes on: the next SessionStart waits for it.
  let ending: Promise<void> = Promise.resolve();
  const outside = (signal = new AbortController().signal, cwd = o.session.cwd): HookContext => ({ cwd, signal, renderer: o.renderer, messages: lastMessages });
  const endSession = async (reason: "clear" | "other") => {
    // Claude Code's budget for the whole event, not each hook's own timeout (session-end-budget.ts).
    const budget = AbortSignal.timeout(sessionEndBudgetMs(o.config.SessionEnd ?? []));
    await run({ event: "SessionEnd", reason }, undefined, outside(budget));
    await rm(o.session.transcriptPath, { force: true }); // the session is over: its transcript goes with it
  };
  const hooks = [
    defineHook("UserPromptSubmit", commandHookName("UserPromptSubmit"), async ({ prompt }, ctx) => {
      await ending;
      lastMessages = ctx.messages;
      notes.clear();
      if (o.subagent) return undefined; // a subagent's prompt is the parent's tool input, not a person's: Claude Code fires nothing
      const source = starting;
      starting = undefined;
      // SessionStart's output is context for the model, as UserPromptSubmit's: both go with this prompt.
      const started = source ? await run({ event: "SessionStart", source }, undefined, ctx) : [];
      const answers = await run({ event: "UserPromptSubmit", prompt }, undefined, ctx);
      const blocked = [...started, ...answers].find((a) => a.verdict.stop !== undefined) ?? answers.find((a) => a.verdict.block !== undefined);
      if (blocked) return { block: `${blocked.hook.command}: ${blocked.verdict.stop ?? blocked.verdict.block}` };
      const context = contextOf([...started.filter((a) => a.verdict.block === undefined), ...answers]);
      return context ? { context } : undefined;
    }),

    // A call that failed gets PostToolUseFailure instead of PostToolUse, as in Claude Code.
    defineHook("PostToolUse", commandHookName("PostToolUse"), async ({ call, outcome, durationMs }, ctx) => {
      const event = outcome.isError ? "PostToolUseFailure" : "PostToolUse";
      const answers = await run({ event, call, outcome, ...(durationMs === undefined ? {} : { durationMs }) }, call, ctx);
      for (const { verdict } of answers) if (verdict.stop !== undefined) notes.stopWith(verdict.stop);
      const context = contextOf(answers);
      return context ? { context } : undefined;
    }),

    // A subagent's stop is SubagentStop (s05 runs children through this same list of mechanisms).
    defineHook("Stop", commandHookName("Stop"), async ({ response, continuations }, ctx) => {
      const lastAssistantMessage = response.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
      const details: EventDetails = { event: o.subagent ? "SubagentStop" : "Stop", continuations, lastAssistantMessage };
      const answers = await run(details, undefined, ctx);
      // `continue: false` wins over a block: the turn ends.
      const stopped = answers.find((a) => a.verdict.stop !== undefined);
      if (stopped) ctx.renderer.notice(`Stopped by a hook: ${stopped.verdict.stop}`);
      const blocked = stopped ? undefined : answers.find((a) => a.verdict.block !== undefined);
      return blocked ? { continueWith: blocked.verdict.block } : undefined;
    }),

    // s07 fires this before it summarises: exit 2 stops the compaction, stdout adds to its instructions.
    defineHook("PreCompact", commandHookName("PreCompact"), async ({ trigger, instructions }, ctx) => {
      const answers = await run({ event: "PreCompact", trigger, customInstructions: instructions }, undefined, ctx);
      const blocked = answers.find((a) => a.verdict.block !== undefined);
      if (blocked) return { block: `${blocked.hook.command}: ${blocked.verdict.block}` };
      const added = answers.flatMap((a) => (a.verdict.context ? [a.verdict.context] : []));
      return added.length > 0 ? { instructions: added.join("\n\n") } : undefined;
    }),

    // s07 fires this once the summary is in: as in Claude Code, a new session start ("compact"),
    // whose context the model reads after the summary, then PostCompact (its answers are shown only).
    defineHook("PostCompact", commandHookName("PostCompact"), async ({ trigger, summary }, ctx) => {
      const started = o.subagent ? [] : await run({ event: "SessionStart", source: "compact" }, undefined, ctx);
      await run({ event: "PostCompact", trigger, compactSummary: summary }, undefined, ctx);
      const context = contextOf(started.filter((a) => a.verdict.block === undefined));
      return context ? { context } : undefined;
    }),

    // What the round's tool hooks asked of the turn: PreToolUse context, a stop (round-notes.ts).
    notes.hook(),
  ];
  return {
    hooks,
    preToolUse: preToolUseCommandHooks(o, notes),
    onClear: () => {
      // Nothing ran yet, or this is a subagent: there is no session to end.
      // Then a new session, with an id of its own, as in Claude Code.
      if (starting === undefined && !o.subagent) ending = ending.then(() => endSession("clear")).then(() => renew(o.session));
      if (!o.subagent) starting = "clear";
    },
    // On exit there is no turn: a context of the session's own, with a signal nothing aborts.
    close: async () => {
      await ending;
      if (starting !== undefined || o.subagent) return; // no prompt ran since the start or the last /clear (or a subagent): no session to end
      await endSession("other");
    },
    notify: async (message, notificationType, cwd, signal) => {
      await run({ event: "Notification", message, notificationType }, undefined, outside(signal, cwd));
    },
  };
}

function renew(session: HookSession): void {
  session.sessionId = randomUUID();
  session.transcriptPath = transcriptPathOf(session.sessionId);
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
