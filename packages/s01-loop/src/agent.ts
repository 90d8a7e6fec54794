/**
 * Lesson 1's agent: a conversation (the message list), a system prompt, and the loop.
 *
 *   user prompt ──► messages ──► agentLoop ──► model ⇄ bash ──► final answer
 */
import { appendUserText, type Agent, type AgentOptions, type MessageParam } from "@learn/core";
import { agentLoop } from "./loop.ts";
import { systemPrompt } from "./prompt.ts";

export function createAgent({ model, cwd, renderer }: AgentOptions): Agent {
  const messages: MessageParam[] = [];
  const system = systemPrompt(cwd);
  return {
    run(prompt, signal) {
      appendUserText(messages, prompt);
      return agentLoop({ model, system, messages, cwd, renderer, signal });
    },
    clear() {
      messages.length = 0;
    },
  };
}
