/**
 * Ctrl-C during a tool. The turn's abort signal (`ctx.signal`) fires; a tool that works in
 * steps — file after file, chunk after chunk — looks at it between steps and stops with an
 * error that says how far it got, so the model knows the work is incomplete.
 */
import { ToolError } from "@learn/core";

export function stopIfCancelled(signal: AbortSignal, what: string): void {
  if (signal.aborted) throw new ToolError(`Interrupted by the user: ${what}`);
}
