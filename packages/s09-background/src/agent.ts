/**
 * Lesson 9's agent: the previous lesson's parts, plus work that goes on while the agent does.
 *
 *   background_run { command } ──► its own process group, output ──► .runtime-tasks/job-1.log
 *        │ returns at once                                   │ the job ends
 *        ▼                                                   ▼
 *   the model keeps working        pending result ──► the next request  (PreModel: <background-results>)
 *                                                └──► agent idle? a turn of its own
 *
 *   cron_create { cron, prompt } ──► this session's jobs ──► due: its prompt runs as a turn
 *               durable: true ──► .claude/scheduled_tasks.json (a person is asked); found there
 *                                 and not made here: listed first, never fired by --print
 *
 * Subagents get none of it: a job would outlive the subagent waiting for it.
 */
import { agentFrom, type Agent, type AgentOptions, type AgentParts } from "@learn/core";
import type { PartsOf } from "@learn/s05";
import { childParts as previousChildParts, lesson as previousLesson, parts as previousParts } from "@learn/s08";
import { withBackground } from "./background.ts";

export { previousLesson };

/** A subagent's parts: the previous lesson's, with no background work (see above). */
export const childParts: PartsOf = previousChildParts;

/** The lead's parts: the previous lesson's lead, built over `children` (by default, these), with background work. */
export async function parts(options: AgentOptions, children: PartsOf = childParts): Promise<AgentParts> {
  return withBackground(await previousParts(options, children), options);
}

export async function createAgent(options: AgentOptions): Promise<Agent> {
  return agentFrom(await parts(options), options);
}
