/**
 * An agent around a plain loop — lessons 1 and 2, before the kernel exists. Same contract as
 * an agent from `agentFrom`: a conversation, the anatomy of its parts, `/clear`.
 */
import type { Agent } from "../lesson.ts";
import { appendUserText, markTurnStart, rollBackFailedTurn } from "../messages.ts";
import type { MessageParam } from "../protocol.ts";
import { anatomyOf, type AgentParts } from "./parts.ts";

/** `loop` runs the conversation until the model is done and returns its final answer. */
export function loopAgent(parts: AgentParts, loop: (messages: MessageParam[], signal: AbortSignal) => Promise<string>): Agent {
  const messages: MessageParam[] = [];
  return {
    anatomy: () => anatomyOf(parts),
    async run(prompt, signal) {
      const start = markTurnStart(messages);
      appendUserText(messages, prompt);
      try {
        return await loop(messages, signal);
      } catch (err) {
        rollBackFailedTurn(messages, start, err);
        throw err;
      }
    },
    clear() {
      messages.length = 0;
    },
    commands: parts.commands,
  };
}
