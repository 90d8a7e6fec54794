/**
 * From parts to a running agent: the kernel, the prompt queue, `/clear`, the anatomy, and
 * the agent's own life (busy or idle) for the parts that act between turns — and, offline,
 * for the scripted model, which hears how each turn ended (Model.turnEnded).
 * Every lesson from s03 on builds its agent with this one function, so a lesson's
 * `agent.ts` only says which parts it adds.
 */
import { Kernel } from "../kernel/kernel.ts";
import type { Agent, AgentOptions } from "../lesson.ts";
import { anatomyOf, joinSections, sectionsFor, type AgentParts, type RunningAgent } from "./parts.ts";
import type { SystemPrompt } from "../kernel/kernel.ts";
import { PromptQueue } from "./prompt-queue.ts";
import { describeError, isAbort } from "../errors.ts";
import type { TurnEnd } from "../protocol.ts";

export function agentFrom(parts: AgentParts, options: AgentOptions): Agent {
  const submitted = new PromptQueue();
  const kernel = new Kernel({
    model: options.model,
    system: systemOf(parts),
    tools: parts.tools,
    hooks: parts.hooks,
    wrappers: parts.wrappers,
    cwd: parts.cwd ?? options.cwd,
    renderer: options.renderer,
    maxRounds: options.maxRounds,
    // The final parts' notes: a lesson's compaction sees the live state of every lesson after it too.
    liveState: () => parts.liveState.flatMap((note) => note() ?? []),
  });
  const idleListeners = new Set<() => void>();
  const running: RunningAgent = {
    busy: () => kernel.busy,
    submit: (prompt, o) => submitted.push(prompt, o),
    onIdle(listener) {
      idleListeners.add(listener);
      return () => idleListeners.delete(listener);
    },
    wake: () => submitted.wake(),
  };
  for (const start of parts.start) start(running);
  return {
    anatomy: () => anatomyOf(parts),
    async run(prompt, signal) {
      let ended: TurnEnd = "finished";
      try {
        return await kernel.run(prompt, signal);
      } catch (err) {
        ended = isAbort(err, signal) ? "cancelled" : "failed";
        throw err;
      } finally {
        // Refused because a turn already runs: that turn's end will say so.
        if (!kernel.busy) {
          // Offline, the scripted model hears it too: a turn held until this agent gets further must not wait for ever.
          options.model.turnEnded(ended);
          for (const listener of idleListeners) tell(listener, options);
        }
      }
    },
    submitted,
    clear() {
      kernel.clear();
      submitted.clear();
      for (const reset of parts.onClear) reset();
    },
    // Each command gets the agent's context between turns, with a signal of its own.
    commands: parts.commands.map((command) => ({ ...command, run: (args, ctx) => command.run(args, ctx ?? kernel.context(new AbortController().signal)) })),
    working: () => parts.working.some((isWorking) => isWorking()),
    async close() {
      for (const close of parts.close) await close();
    },
  };
}

/** An idle listener that throws must not turn a finished turn into a failed one: show it, go on. */
function tell(listener: () => void, options: AgentOptions): void {
  try {
    listener();
  } catch (err) {
    options.renderer.error(`After the turn: ${describeError(err)}`);
  }
}

/** The system prompt for exactly these tools: sections they do not call for are left out. */
function systemOf(parts: AgentParts): SystemPrompt {
  const sections = sectionsFor(parts.sections, parts.tools);
  return parts.assemble ? parts.assemble.build({ sections, tools: parts.tools }) : joinSections(sections);
}
