/**
 * What the user sees when a turn fails — the same in the REPL, `--print` and the demo: the
 * error in one line, what happened to the conversation, and, offline, what the scripted model
 * can answer. (Offline, "the API answered 400" would send a student looking for a bug; the
 * truth is that a script knows only the prompts it was written for.)
 */
import { apiErrorOf, describeError, isAbort } from "./errors.ts";
import { failedTurnNote } from "./messages.ts";
import type { Renderer } from "./ui/renderer.ts";

export interface TurnErrorContext {
  /** The turn's signal: an abort is an interruption, not an error. */
  signal: AbortSignal;
  /** Named in "could not reach X". */
  baseURL?: string;
  /** Offline: the model is a script, and these are the prompts it knows. */
  offlinePrompts?: readonly string[];
  /** The prompt the user typed for this turn (none for a turn that mail or a job started). */
  typed?: string;
}

export const OFFLINE_MISS =
  "The offline model has no answer for that: it is a script that knows only its demo prompts " +
  "(/demo types the next one, /clear starts them again). For any other prompt, use a real model: " +
  "put a key in .env (see .env.example).";

/** Offline, a prompt the script knows went another way than the script was written for. */
export const OFFLINE_DRIFT =
  "The offline model's script does not fit this run: it was written for its demo on a fresh workspace, " +
  "and this one has changed (an earlier run left files or tasks). Start again on a fresh one: " +
  "`pnpm reset` restores practice-workspace/; a lesson that starts in a fresh copy makes a new one when you start it again.";

export function reportTurnError(renderer: Renderer, err: unknown, context: TurnErrorContext): void {
  const api = apiErrorOf(err);
  if (isAbort(err, context.signal)) renderer.notice("Interrupted.");
  else if (context.offlinePrompts && api?.status === 400) {
    // A prompt it knows (or a turn nobody typed) failed mid-script: the workspace is not the demo's.
    if (context.typed === undefined || context.offlinePrompts.includes(context.typed)) {
      renderer.error(OFFLINE_DRIFT);
      renderer.notice(`(the scripted model said: ${describeError(err)})`);
      const drifted = failedTurnNote(err);
      if (drifted) renderer.notice(drifted);
      return;
    }
    renderer.error(OFFLINE_MISS);
    if (context.offlinePrompts.length) renderer.notice(`It knows: ${context.offlinePrompts.map((p) => `"${p}"`).join(" · ")}`);
    renderer.notice(`(the scripted model said: ${describeError(err)})`);
  } else renderer.error(describeError(err, { baseURL: context.baseURL }));
  const note = failedTurnNote(err);
  if (note) renderer.notice(note);
}
