/**
 * `--print` and the demo run a prompt, then keep going while the agent is not idle yet:
 * prompts submitted during the turn (a finished job, mail) run next, and while something
 * still works for the agent (a job, a teammate) we wait for what it will submit. The run
 * ends when the agent is idle, nothing is queued, and nothing works for it any more.
 *
 * The wait ends as soon as something happens: a prompt is submitted, or a part wakes the
 * agent (`RunningAgent.wake`: a job ended, a teammate went idle, the cron file was read), so
 * the answer is printed the moment the work is done. The poll is a backstop only.
 */
import type { Agent } from "../lesson.ts";
import type { Renderer } from "../renderer.ts";
import { PromptQueue } from "./prompt-queue.ts";

/** While work runs outside a turn, look again this often even if nothing woke us (a backstop). */
export const IDLE_POLL_MS = 100;

/** How much of a submitted prompt the announcement shows: its first line, cut here. */
const ANNOUNCED_CHARS = 100;

/** A turn the user did not type starts: say who asked for it, in one line (the model reads the rest). */
export function announceSubmitted(renderer: Renderer, prompt: string, source = "the agent"): void {
  const first = prompt.trim().split("\n")[0]!;
  const cut = first.length > ANNOUNCED_CHARS ? `${first.slice(0, ANNOUNCED_CHARS - 1)}…` : first;
  const more = cut !== prompt.trim() ? ` (${prompt.trim().length} chars)` : "";
  renderer.notice(`A turn started by ${source}: ${cut}${more}`);
}

/** One turn of the run, for a caller that records them (the docs' walkthrough). */
export interface IdleRunTurn {
  prompt: string;
  /** Who submitted it; undefined for the prompt the run started with. */
  source?: string;
  answer: string;
}

/** Run `prompt`, then every submitted prompt; return the last answer. */
export async function runUntilIdle(
  agent: Agent,
  prompt: string,
  signal: AbortSignal,
  renderer: Renderer,
  onTurn?: (turn: IdleRunTurn) => void,
): Promise<string> {
  const queue = agent.submitted ?? new PromptQueue();
  let answer = await agent.run(prompt, signal);
  onTurn?.({ prompt, answer });
  for (;;) {
    signal.throwIfAborted();
    const next = queue.take();
    if (next) {
      const source = next.source ?? "the agent";
      announceSubmitted(renderer, next.prompt, source);
      answer = await agent.run(next.prompt, signal);
      onTurn?.({ prompt: next.prompt, source, answer });
      continue;
    }
    if (!agent.working?.()) return answer;
    await queue.wait(IDLE_POLL_MS, signal);
  }
}
