/**
 * Lesson 1's agent: its parts — one tool and a system prompt — and the loop that runs them.
 *
 *   user prompt ──► messages ──► agentLoop ──► model ⇄ bash ──► final answer
 *
 * `parts` is what later lessons build on: each one starts from the parts before it.
 */
import { joinSections, loopAgent, partsWith, type Agent, type AgentOptions, type AgentParts } from "@learn/core";
import { agentLoop } from "./loop.ts";
import { promptSections } from "./prompt.ts";
import { bashTool } from "./tools/bash.ts";

export async function parts({ cwd }: AgentOptions): Promise<AgentParts> {
  return partsWith({ tools: [bashTool], sections: promptSections(cwd) });
}

export async function createAgent(options: AgentOptions): Promise<Agent> {
  const { model, cwd, renderer } = options;
  const own = await parts(options);
  const system = joinSections(own.sections);
  return loopAgent(own, (messages, signal) => agentLoop({ model, system, messages, cwd, renderer, signal }));
}
