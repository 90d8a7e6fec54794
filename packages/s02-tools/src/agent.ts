/**
 * Lesson 2's agent: lesson 1's mechanisms plus the file tools, run by a loop with a dispatch table.
 *
 *   user prompt ──► messages ──► agentLoop ──► model ⇄ handlers[name] ──► final answer
 */
import { joinSections, loopAgent, partsFrom, type Agent, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s01";
import { agentLoop } from "./loop.ts";
import { files } from "./files/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, files];

export async function createAgent(options: AgentOptions): Promise<Agent> {
  const { model, cwd, renderer } = options;
  const own = await partsFrom(mechanisms, options);
  const system = joinSections(own.sections);
  return loopAgent(own, (messages, signal) => agentLoop({ model, system, messages, cwd, renderer, signal, tools: own.tools }));
}
