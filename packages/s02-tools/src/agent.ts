/**
 * Lesson 2's agent: lesson 1's parts with the file tools added and the tool guidance
 * rewritten, run by a loop with a dispatch table.
 *
 *   user prompt ──► messages ──► agentLoop ──► model ⇄ handlers[name] ──► final answer
 */
import { joinSections, loopAgent, type Agent, type AgentOptions, type AgentParts } from "@learn/core";
import { parts as s01Parts } from "@learn/s01";
import { agentLoop } from "./loop.ts";
import { withFileToolGuidance } from "./prompt.ts";
import { fileTools } from "./tools/index.ts";

export async function parts(options: AgentOptions): Promise<AgentParts> {
  const base = await s01Parts(options);
  return { ...base, tools: [...base.tools, ...fileTools], sections: withFileToolGuidance(base.sections) };
}

export async function createAgent(options: AgentOptions): Promise<Agent> {
  const { model, cwd, renderer } = options;
  const own = await parts(options);
  const system = joinSections(own.sections);
  return loopAgent(own, (messages, signal) => agentLoop({ model, system, messages, cwd, renderer, signal, tools: own.tools }));
}
