/**
 * What the tool hooks of one round ask of the turn, kept until the round's results go back:
 *
 *   PreToolUse additionalContext   text for the model, after the round's tool results (Claude
 *                                  Code sends it as a system turn of its own; a text block in the
 *                                  same user message is what every provider accepts)
 *   continue: false                the turn ends after this round: no further model call
 *
 * PostToolUse's own context and block reasons need no note: they go into the call's result.
 */
import { defineHook, type Hook } from "@learn/core";

export const ROUND_HOOK_NAME = "command hook round notes";

export class RoundNotes {
  private context: string[] = [];
  private stop: string | undefined;

  addContext(text: string): void {
    this.context.push(text);
  }

  /** The first reason to stop is the one shown. */
  stopWith(reason: string): void {
    this.stop ??= reason;
  }

  /** A new turn starts clean: an interrupted round leaves nothing behind. */
  clear(): void {
    this.context = [];
    this.stop = undefined;
  }

  /** The kernel hook that hands the notes over at the end of each round, and clears them. */
  hook(): Hook<"PostToolBatch"> {
    return defineHook("PostToolBatch", ROUND_HOOK_NAME, async (_e, ctx) => {
      const append = this.context;
      const stop = this.stop;
      this.clear();
      if (stop !== undefined) ctx.renderer.notice(`Stopped by a hook: ${stop}`);
      return { append, endTurn: stop !== undefined };
    });
  }
}
