/**
 * Lesson 1's agent: a conversation (the message list), a system prompt, and the loop.
 *
 *   user prompt ──► messages ──► agentLoop ──► model ⇄ bash ──► final answer
 */
import { appendUserText, type Agent, type AgentOptions, type MessageParam } from "@learn/core";
import { agentLoop } from "./loop.ts";
import { joinSections, promptSections } from "./prompt.ts";
import { bashTool } from "./tools/bash.ts";

export function createAgent({ model, cwd, renderer }: AgentOptions): Agent {
  const messages: MessageParam[] = [];
  const sections = promptSections(cwd);
  const system = joinSections(sections);
  return {
    anatomy: () => ({ tools: [bashTool.name], hooks: [], promptSections: sections.map((s) => s.name), commands: [] }),
    run(prompt, signal) {
      appendUserText(messages, prompt);
      return agentLoop({ model, system, messages, cwd, renderer, signal });
    },
    clear() {
      messages.length = 0;
    },
  };
}
