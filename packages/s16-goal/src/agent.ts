/**
 * Lesson 16's agent: the previous lesson's parts, with a goal it checks after every turn.
 *
 *   /goal "all tests in shop/ pass" ──► a turn works on it ──► Stop ──► evaluator (no tools):
 *        ▲                                                              met? impossible? ──► stop
 *        └──── "Stop hook feedback: [condition]: reason" ◄── not met ───┘
 */
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
// The lesson this one builds on: its list, then the goal.
import { mechanisms as previous } from "@learn/s15";
import { goal } from "./goal/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, goal];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
