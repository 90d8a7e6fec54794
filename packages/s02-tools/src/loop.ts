/**
 * THE AGENT LOOP — the whole idea of an agent in one function.
 *
 *   call the model → append its message → no tool asked for? stop.
 *                                       → else run each tool, append all results in one
 *                                         user message, and go round again.
 *
 * The model decides; the loop only executes. Lesson 2 changes one thing: the loop looks
 * each tool up by name in a dispatch table, so a new tool is a new entry, never a new branch.
 */
import {
  assistantMessage,
  loopContext,
  runInBatches,
  stopNotice,
  textOf,
  toolUsesOf,
  type MessageParam,
  type Model,
  type Renderer,
  type Tool,
  type ToolResultBlockParam,
  type ToolUseBlock,
} from "@learn/core";

export interface LoopOptions {
  model: Model;
  system: string;
  /** The conversation so far; the loop appends to it. */
  messages: MessageParam[];
  cwd: string;
  renderer: Renderer;
  signal: AbortSignal;
  tools: Tool[];
}

/** Run until the model answers without asking for a tool; return that answer's text. */
export async function agentLoop(options: LoopOptions): Promise<string> {
  const handlers = new Map(options.tools.map((tool) => [tool.name, tool])); // the dispatch table
  const ctx = loopContext(options); // what a tool sees: the agent's name, its folder, the cancel signal...
  for (;;) {
    const response = await options.model.call({ system: options.system, messages: options.messages, tools: options.tools.map((t) => t.spec) }, options.signal);
    options.messages.push(assistantMessage(response));

    // Decide on the blocks, not on stop_reason alone: no tool_use block means we are done.
    const toolUses = toolUsesOf(response);
    if (toolUses.length === 0) {
      const notice = stopNotice(response); // max_tokens, refusal, pause_turn: say so
      if (notice) options.renderer.notice(notice);
      return textOf(response);
    }

    // Run each tool through the table; every tool_use gets exactly one tool_result.
    const run = async (use: ToolUseBlock): Promise<ToolResultBlockParam> => {
      options.renderer.toolCall(use.name, use.input, use.id);
      const tool = handlers.get(use.name);
      const outcome = tool
        ? await tool.execute(use.input, ctx)
        : { content: `Error: unknown tool "${use.name}" (this agent has: ${[...handlers.keys()].join(", ")})`, isError: true };
      options.renderer.toolResult(use.name, outcome, use.id);
      return { type: "tool_result", tool_use_id: use.id, content: outcome.content, is_error: outcome.isError || undefined };
    };
    // Consecutive concurrency-safe calls run together, any other call alone; results keep the model's order.
    const isSafe = (use: ToolUseBlock) => handlers.get(use.name)?.concurrencySafe === true;
    const results = await runInBatches(toolUses, isSafe, run);
    // All results go back in ONE user message: the API requires them right after the tool_use.
    options.messages.push({ role: "user", content: results });
    options.signal.throwIfAborted(); // Ctrl-C: stop here, with the conversation still valid
  }
}
