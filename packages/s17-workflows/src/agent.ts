/**
 * Lesson 17's agent: the previous lesson's parts, with workflows — a script the model writes
 * that fans work out to subagents, run isolated in the background and journaled.
 *
 *   workflow { script } ──► an isolated process runs it ──► agent() ──► s05's subagent ──► journal
 *        │ (returns at once)                                                               │
 *        ▼                                                                                 ▼
 *   the lead goes on ◄──────────── <task-notification> (s09's notifications) ◄──── the run ends
 */
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
// The lesson this one builds on: its list, then workflows.
import { mechanisms as previous } from "@learn/s16";
import { workflows } from "./workflows/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, workflows];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
