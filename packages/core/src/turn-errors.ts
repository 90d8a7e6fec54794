/**
 * What the user sees when a turn fails — the same in the REPL, `--print` and the demo: the
 * error in one line, what happened to the conversation, and, offline, what the scripted model
 * can answer. (Offline, "the API answered 400" would send a student looking for a bug; the
 * truth is that a script knows only the prompts it was written for.)
 */
import { apiErrorOf, describeError, isAbort } from "./errors.ts";
import { failedTurnNote } from "./messages.ts";
import { UNKNOWN_PROMPT } from "./simulator/simulator.ts";
import type { Renderer } from "./ui/renderer.ts";

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
}

export const OFFLINE_MISS =
  "The offline model has no answer for that: it is a script that knows only its demo prompts. " +
  "For any other prompt, use a real model: put a key in .env (see .env.example).";

/** Offline, a prompt the script knows went another way than the script was written for. */
export const OFFLINE_DRIFT =
  "The offline model's script does not fit this run: it was written for its demo on a fresh workspace, " +
  "and this one has changed (an earlier run left files or tasks). Start again on a fresh one: " +
  "`pnpm reset` restores practice-workspace/; a lesson that starts in a fresh copy makes a new one when you start it again.";

export function reportTurnError(renderer: Renderer, err: unknown, context: TurnErrorContext): void {
  const api = apiErrorOf(err);
  if (isAbort(err, context.signal)) renderer.notice("Interrupted.");
  else if (context.offlinePrompts?.length && api?.status === 400) {
    if (isUnknownPrompt(api.message, context)) {
      // One friendly explanation: the simulator's own 400 says the same, less kindly.
      renderer.error(OFFLINE_MISS);
      renderer.notice(knownPrompts(context.offlinePrompts, context.repl === true));
    } else {
      // A prompt it knows (or a turn nobody typed) failed mid-script: the workspace is not the demo's.
      renderer.error(OFFLINE_DRIFT);
      renderer.notice(`(the scripted model said: ${describeError(err)})`);
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
