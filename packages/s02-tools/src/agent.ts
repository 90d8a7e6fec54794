/**
 * Lesson 2's agent: a conversation (the message list), a system prompt, a table of tools,
 * and the loop.
 *
 *   user prompt ──► messages ──► agentLoop ──► model ⇄ handlers[name] ──► final answer
 */
import { appendUserText, type Agent, type AgentOptions, type MessageParam } from "@learn/core";
import { agentLoop } from "./loop.ts";
import { joinSections, promptSections } from "./prompt.ts";
import { tools } from "./tools/index.ts";

export function createAgent({ model, cwd, renderer }: AgentOptions): Agent {
  const messages: MessageParam[] = [];
  const sections = promptSections(cwd);
  const system = joinSections(sections);
  return {
    anatomy: () => ({ tools: tools.map((t) => t.name), hooks: [], promptSections: sections.map((s) => s.name), commands: [] }),
    run(prompt, signal) {
      appendUserText(messages, prompt);
      return agentLoop({ model, system, messages, cwd, renderer, signal, tools });
    },
    clear() {
      messages.length = 0;
    },
  };
}
