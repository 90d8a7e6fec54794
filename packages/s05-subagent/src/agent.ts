/**
 * Lesson 5's agent: the previous lesson's mechanisms, plus `task`, a tool that hands a subtask to a
 * child agent with a context of its own and gets back only its final report.
 *
 *   parent ─► task { prompt, subagent_type } ─► child = the same list, built for a subagent
 *     ▲                                            │ its own messages, name, screen, tools
 *     └─────────── the child's final text ◄────────┘ everything else stays in the child
 *
 * Agent types come from `.claude/agents/*.md` (Claude Code's format) and two built-ins.
 */
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s04";
import { subagents } from "./subagents/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, subagents];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
