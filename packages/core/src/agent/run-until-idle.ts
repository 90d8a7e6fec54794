/**
 * `--print` and the demo run a prompt, then keep going while the agent is not idle yet:
 * prompts submitted during the turn (a finished job, mail) run next, and while something
 * still works for the agent (a job, a teammate) we wait for what it will submit. The run
 * ends when the agent is idle, nothing is queued, and nothing works for it any more.
 */
import type { Agent } from "../lesson.ts";
import type { Renderer } from "../ui/renderer.ts";
import { PromptQueue } from "./prompt-queue.ts";

/** How often to look again while waiting for work that runs outside a turn. */
export const IDLE_POLL_MS = 100;

/** A turn the user did not type starts: say who asked for it. */
export function announceSubmitted(renderer: Renderer, prompt: string, source = "the agent"): void {
  renderer.notice(`A prompt from ${source}: ${prompt}`);
}

/** Run `prompt`, then every submitted prompt; return the last answer. */
export async function runUntilIdle(agent: Agent, prompt: string, signal: AbortSignal, renderer: Renderer): Promise<string> {
  const queue = agent.submitted ?? new PromptQueue();
  let answer = await agent.run(prompt, signal);
  for (;;) {
    signal.throwIfAborted();
    const next = queue.take();
    if (next) {
      announceSubmitted(renderer, next.prompt, next.source);
      answer = await agent.run(next.prompt, signal);
      continue;
    }
    if (!agent.working?.()) return answer;
    await queue.wait(IDLE_POLL_MS, signal);
  }
}
