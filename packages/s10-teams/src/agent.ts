/**
 * Lesson 10's agent: the previous lesson's parts, plus a team — more agent loops, running at
 * the same time in the same process, that talk through mailboxes on disk.
 *
 *   lead ── spawn_teammate { name, role, prompt } ──► alice: a kernel of its own (≤ 50 rounds a work phase)
 *     ▲                                               │ send_message { to: "lead" }
 *     │ <inbox>… in its next request                  ▼
 *     └── or, idle? a turn of its own ◄── .team/inbox/lead.jsonl   (append under a lock, drained at once)
 *
 *   .team/config.json   the roster: each teammate, its role, working | idle | shutdown
 *
 * A teammate is built from a subagent's parts plus an inbox: every call it makes goes through
 * the same permission policy, and a question it asks says who asks.
 */
import { agentFrom, type Agent, type AgentOptions, type AgentParts } from "@learn/core";
import type { PartsOf } from "@learn/s05";
import { childParts as previousChildParts, lesson as previousLesson, parts as previousParts } from "@learn/s09";
import { withTeam, type BuiltTeam } from "./team-parts.ts";

export { previousLesson };

/** A subagent's parts, and a teammate's before its inbox: the previous lesson's. */
export const childParts: PartsOf = previousChildParts;

/**
 * The lead's parts: the previous lesson's lead, built over `children`, with a team of
 * `children`-made teammates (`team`: one a later lesson built with extensions of its own).
 */
export async function parts(options: AgentOptions, children: PartsOf = childParts, team?: BuiltTeam): Promise<AgentParts> {
  return withTeam(await previousParts(options, children), options, children, team);
}

export async function createAgent(options: AgentOptions): Promise<Agent> {
  return agentFrom(await parts(options), options);
}
