/**
 * Lesson 10's agent: the previous lesson's mechanisms, plus a team — more agent loops, running at
 * the same time in the same process, that talk through mailboxes on disk.
 *
 *   lead ── spawn_teammate { name, role, prompt } ──► alice: a kernel of its own (≤ 50 rounds a work phase)
 *     ▲                                               │ send_message { to: "lead" }
 *     │ <inbox>… in its next request                  ▼
 *     └── or, idle? a turn of its own ◄── .team/inbox/lead.jsonl   (append under a lock, drained at once)
 *
 *   .team/config.json   the roster: each teammate, its role, working | idle | shutdown
 *
 * A teammate is built from the same list as a subagent, plus its inbox: every call it makes goes
 * through the same permission policy, and a question it asks says who asks.
 */
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s09";
import { team } from "./team/index.ts";
import { teammate } from "./teammate/index.ts";
import { inbox } from "./inbox/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, team, teammate, inbox];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
