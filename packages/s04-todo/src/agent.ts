/**
 * Lesson 4's agent: s03's mechanisms, plus a plan the model keeps for itself.
 *
 *   model ──todo_write { todos: [...] }──► TodoList ──► screen: [x] [>] [ ] (k/n completed)
 *                                             │          spinner: the in-progress item
 *                                             ▼
 *   PostToolBatch: 3 rounds without todo_write and the plan still open?
 *        └─► <reminder>…the plan…</reminder> after that round's tool results
 *
 * Every agent built from this list (a subagent too, from s05 on) has a plan of its own. `/clear` forgets it.
 */
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s03";
import { todo } from "./todo/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, todo];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
