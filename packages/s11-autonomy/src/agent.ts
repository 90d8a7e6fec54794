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
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s10";
import { leadProtocols, teammateProtocols } from "./autonomy/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, leadProtocols, teammateProtocols];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
