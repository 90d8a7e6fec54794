/**
 * Lesson 11's agent: the previous lesson's parts, with teammates that find their own work and
 * protocols with a request id for what two agents must agree on.
 *
 *   idle teammate ──► mail? ──► a work phase        lead ── shutdown_request ──► teammate
 *                └──► the board: claim "Task #3"      ◄── shutdown_response { request_id: req-1, approve }
 *                └──► nothing for a while: shut down  teammate ── submit_plan ──► lead ── plan_approval ──► unlocked
 *
 * Claiming is atomic (the board's lock): two teammates never own one task.
 */
import { agentFrom, type Agent, type AgentOptions, type AgentParts } from "@learn/core";
import type { PartsOf } from "@learn/s05";
import { childParts as previousChildParts, lesson as previousLesson, parts as previousParts } from "@learn/s10";
import { autonomousTeam } from "./autonomy.ts";

export { previousLesson };

/** A subagent's parts, and a teammate's before its team tools: the previous lesson's. */
export const childParts: PartsOf = previousChildParts;

/** The lead's parts: the previous lesson's lead over a team of this lesson's kind, with the protocol tools. */
export async function parts(options: AgentOptions, children: PartsOf = childParts): Promise<AgentParts> {
  const team = await autonomousTeam(options, children);
  return team.lead(await previousParts(options, children, team.built));
}

export async function createAgent(options: AgentOptions): Promise<Agent> {
  return agentFrom(await parts(options), options);
}
