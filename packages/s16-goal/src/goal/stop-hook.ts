/**
 * The goal loop, on s03's Stop hook (the kernel's `Stop` event), as Claude Code builds it: `/goal`
 * installs a session-scoped Stop hook whose judge is a model. When the agent would stop:
 *
 *   no goal set               → stop, as before
 *   evaluator: met            → stop; the goal is done and cleared            "Goal met: …"
 *   evaluator: impossible     → stop; the goal is cleared                     "Goal judged impossible: …"
 *   evaluator: not met        → keep working, with the reason as the next user message:
 *                                 Stop hook feedback:\n[<condition>]: <reason>
 *   …not met BLOCK_CAP times in a row → stop anyway (the cap; the goal stays set)
 *   no readable verdict twice → stop, and say so (the goal stays set)
 *
 * Ctrl-C aborts the evaluator's request like any model call: the turn ends cleanly, the goal stays.
 */
import { defineHook, textOf, type Hook } from "@learn/core";
import { judge } from "./evaluator.ts";
import type { Goal } from "./goal.ts";
import { outcomeOf } from "./verdict.ts";

/** Claude Code overrides a Stop hook that blocked this many times in a row (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP). */
export const DEFAULT_BLOCK_CAP = 9;

export interface GoalLoopOptions {
  /** The evaluator's model id; undefined: the agent's own. */
  model?: string;
  /** Not met this many times in a row ends the turn anyway. */
  blockCap: number;
}

/** The user message that carries a "not met" back to the agent: Claude Code's words. */
export const feedbackOf = (condition: string, reason: string) => `Stop hook feedback:\n[${condition}]: ${reason}`;

export const GOAL_HOOK_NAME = "goal evaluator";

export function goalStopHook(goal: Goal, options: GoalLoopOptions): Hook {
  return defineHook("Stop", GOAL_HOOK_NAME, async ({ response, continuations }, ctx) => {
    const condition = goal.current;
    if (condition === undefined) return undefined;
    const event = { cwd: ctx.cwd, stopHookActive: continuations > 0, lastAssistantMessage: textOf(response) };
    const judged = await judge(ctx, condition, event, options.model);
    if ("unreadable" in judged) {
      goal.record(judged);
      ctx.renderer.error(`Goal: ${judged.unreadable}. The turn ends here; the goal stays set (/goal clear ends it).`);
      return undefined;
    }
    const { verdict } = judged;
    const outcome = outcomeOf(verdict);
    goal.record({ verdict, outcome });
    if (outcome !== "not met") {
      goal.clear();
      ctx.renderer.notice(outcome === "met" ? `Goal met: ${verdict.reason}` : `Goal judged impossible: ${verdict.reason}`);
      return undefined;
    }
    // This "not met" would be block number continuations + 1 in a row: at the cap the turn ends anyway.
    if (continuations + 1 >= options.blockCap) {
      ctx.renderer.notice(`Goal not met: ${verdict.reason}. Not met ${options.blockCap} times in a row: the turn ends here (--goal-block-cap); the goal stays set — send a prompt to go on, or /goal clear.`);
      return undefined;
    }
    ctx.renderer.notice(`Goal not met: ${verdict.reason} — working on.`);
    return { continueWith: feedbackOf(condition, verdict.reason) };
  });
}
