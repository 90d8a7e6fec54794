/**
 * Mid-conversation system turns: `{ role: "system", content }` messages inside `messages`,
 * which the Messages API accepts under the `per-turn-control-2026-07-01` beta. Claude Code
 * sends them (its environment after the first prompt, hook context, notifications), so the
 * simulator must accept them to drive Claude Code with the course's scripts — and must still
 * refuse what the API refuses, so a harness that misplaces one learns it offline.
 *
 * The API's rules: only with the beta; text only (validate.ts's blocks per role); never the first message; never between an
 * assistant's `tool_use` and the user's `tool_result`; not counted for user/assistant
 * alternation (the conversation rules apply to the list without them, so the last non-system
 * message is still a user message). The course's own harness never sends one.
 */
import { checkConversation, type Problem } from "../runtime/conversation-rules.ts";
import { toolUseIds } from "../runtime/messages.ts";
import type { MessageParam } from "../runtime/protocol.ts";

/** The anthropic-beta value that allows `role: "system"` messages. */
export const PER_TURN_CONTROL_BETA = "per-turn-control-2026-07-01";

type Message = { role: string; content: unknown };

const isSystem = (message: Message) => message.role === "system";

/**
 * Where the system turns sit, then the conversation rules on the rest. Paths in the rules'
 * messages are given back in the request's own numbering (`messages.N` of the full list).
 */
export function checkTurns(messages: readonly Message[]): Problem {
  for (const [i, message] of messages.entries()) {
    if (!isSystem(message)) continue;
    if (i === 0) return `messages.0.role: first message must use the "user" role, not "system"`;
    const before = messages[i - 1]!;
    if (before.role === "assistant" && toolUseIds(before as MessageParam).length > 0) {
      return `messages.${i}: a system message cannot come between a \`tool_use\` block and its \`tool_result\` (messages.${i - 1} has tool_use blocks)`;
    }
  }
  const kept = [...messages.keys()].filter((i) => !isSystem(messages[i]!));
  const problem = checkConversation(kept.map((i) => messages[i]) as MessageParam[]);
  return problem?.replace(/messages\.(\d+)/g, (_all, n: string) => `messages.${kept[Number(n)] ?? n}`);
}

/** The conversation without its system turns: what the script reads as the last user message. */
export function withoutSystemTurns<T extends { messages: readonly Message[] }>(request: T): T {
  if (!request.messages.some(isSystem)) return request;
  return { ...request, messages: request.messages.filter((m) => !isSystem(m)) };
}
