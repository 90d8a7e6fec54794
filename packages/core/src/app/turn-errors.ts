/**
 * What the user sees when a turn fails — the same in the REPL, `--print` and the demo: the
 * error in one line, what happened to the conversation, and, offline, what the scripted model
 * can answer. (Offline, "the API answered 400" would send a student looking for a bug; the
 * truth is that a script knows only the prompts it was written for.)
 */
import { apiErrorOf, describeError, isAbort } from "../runtime/errors.ts";
import { failedTurnNote } from "../runtime/messages.ts";
import { UNKNOWN_PROMPT } from "../simulator/simulator.ts";
import type { Renderer } from "../runtime/renderer.ts";

export interface TurnErrorContext {
  /** The turn's signal: an abort is an interruption, not an error. */
  signal: AbortSignal;
  /** Named in "could not reach X". */
  baseURL?: string;
  /** Offline: the model is a script, and these are the prompts it knows (none: a bare script, its errors as they are). */
  offlinePrompts?: readonly string[];
  /** The prompt the user typed for this turn (none for a turn that mail or a job started). */
  typed?: string;
  /** In the REPL, where /demo and /clear exist (`--print` has neither). */
  repl?: boolean;
  /**
   * What the freshness check found before the demo started: "fresh", or its message naming what
   * differs. Undefined when it did not run (a prompt typed by hand, a student's own script).
   */
  freshness?: "fresh" | { differs: string };
  /** The script is the student's own (`--model-script`), not the lesson's demo. */
  ownScript?: boolean;
}

export const OFFLINE_MISS =
  "The offline model has no answer for that: it is a script that knows only its demo prompts. " +
  "For any other prompt, use a real model: put a key in .env (see .env.example).";

/**
 * Offline, a request went another way than the script was written for. Said first, with the
 * expectation that failed: the workspace is named only when something points at it.
 */
export const OFFLINE_DRIFT = "The offline model's script expected another request than the harness sent";

/** Why the script and the run parted, as far as the harness knows. */
function driftCause(context: TurnErrorContext): string {
  if (context.ownScript) return "The script is your own (--model-script): its `expect` above is the one that did not hold.";
  if (context.freshness === "fresh")
    return "The workspace was the fresh one the demo was written for, so no earlier run caused this: run it again with --trace and report what it shows.";
  if (context.freshness) return context.freshness.differs;
  return "If an earlier run changed the workspace, the demo's script no longer fits it: `pnpm reset` restores practice-workspace/ (`pnpm reset --all` your own edits too).";
}

export function reportTurnError(renderer: Renderer, err: unknown, context: TurnErrorContext): void {
  const api = apiErrorOf(err);
  if (isAbort(err, context.signal)) renderer.notice("Interrupted.");
  else if (context.offlinePrompts?.length && api?.status === 400) {
    if (isUnknownPrompt(api.message, context)) {
      // One friendly explanation: the simulator's own 400 says the same, less kindly.
      renderer.error(OFFLINE_MISS);
      renderer.notice(knownPrompts(context.offlinePrompts, context.repl === true));
    } else {
      // A prompt it knows (or a turn nobody typed) failed mid-script: what it expected, then why.
      renderer.error(`${OFFLINE_DRIFT}: ${api.message}`);
      renderer.notice(driftCause(context));
    }
  } else renderer.error(describeError(err, { baseURL: context.baseURL }));
  const note = failedTurnNote(err);
  if (note) renderer.notice(note);
}

/**
 * Did the script not know the prompt? Yes when the user typed one that is not among its
 * prompts, or when the simulator says so itself (a known prompt typed out of its order).
 */
function isUnknownPrompt(message: string, context: TurnErrorContext): boolean {
  if (message.startsWith(UNKNOWN_PROMPT)) return true;
  return context.typed !== undefined && !context.offlinePrompts?.includes(context.typed);
}

function knownPrompts(prompts: readonly string[], repl: boolean): string {
  const list = prompts.map((p) => `"${p}"`).join(" · ");
  const known = prompts.length > 1 ? `It knows, in this order: ${list}` : `It knows: ${list}`;
  return repl ? `${known} (/demo sends the next one; /clear starts them again)` : known;
}
