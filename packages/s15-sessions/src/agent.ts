/**
 * Lesson 15's agent: the previous lesson's parts, with a session you can leave and come back to.
 *
 *   every message ──► <sessions dir>/<workspace>/<session id>.jsonl   (append-only, one line each)
 *   --continue / --resume <id> / /resume ──► the conversation read back ──► the next request goes on from it
 *   /rewind <n> ──► back to before prompt n        /cost ──► tokens and price so far
 */
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s14";
import { sessions } from "./sessions/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, sessions];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
