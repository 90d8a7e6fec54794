/**
 * The plan (s04's todo_write) is state the process keeps, not a file: a resumed session gets it
 * back the way Claude Code does, from the transcript — the last todo_write call that succeeded,
 * run again through the agent's own tool, so the plan's own code sets it.
 */
import type { AgentContext, MessageParam, Tool } from "@learn/core";

/** The name of s04's plan tool. */
const PLAN_TOOL = "todo_write";

/** The input of the last todo_write call whose result was not an error, or undefined. */
export function lastPlanOf(messages: readonly MessageParam[]): unknown {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role !== "assistant" || typeof m.content === "string") continue;
    for (const block of [...m.content].reverse()) {
      if (block.type !== "tool_use" || block.name !== PLAN_TOOL) continue;
      const next = messages[i + 1];
      const result = next && typeof next.content !== "string" ? next.content.find((b) => b.type === "tool_result" && b.tool_use_id === block.id) : undefined;
      if (result && !(result as { is_error?: boolean }).is_error) return block.input;
    }
  }
  return undefined;
}

/** Set the agent's plan from a resumed conversation, if it has a plan tool and the conversation a plan. */
export async function restorePlan(tools: readonly Tool[], ctx: AgentContext): Promise<void> {
  const tool = tools.find((t) => t.name === PLAN_TOOL);
  const input = lastPlanOf(ctx.messages);
  if (tool && input !== undefined) await tool.execute(input, ctx);
}
