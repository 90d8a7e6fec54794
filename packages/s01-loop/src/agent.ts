/**
 * Lesson 1's agent: one mechanism — a bash tool and a system prompt — and the loop that runs it.
 *
 *   user prompt ──► messages ──► agentLoop ──► model ⇄ bash ──► final answer
 *
 * `mechanisms` is what later lessons build on: each one is this list plus its own.
 */
import { joinSections, loopAgent, partsFrom, type Agent, type AgentOptions, type Mechanism } from "@learn/core";
import { agentLoop } from "./loop.ts";
import { bash } from "./bash/index.ts";

export const mechanisms: readonly Mechanism[] = [bash];

export async function createAgent(options: AgentOptions): Promise<Agent> {
  const { model, cwd, renderer } = options;
  const own = await partsFrom(mechanisms, options);
  const system = joinSections(own.sections);
  return loopAgent(own, (messages, signal) => agentLoop({ model, system, messages, cwd, renderer, signal }));
}
