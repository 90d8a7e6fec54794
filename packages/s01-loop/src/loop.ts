/**
 * THE AGENT LOOP — the whole idea of an agent in one function.
 *
 *   call the model → append its message → no tool asked for? stop.
 *                                       → else run each tool, append all results in one
 *                                         user message, and go round again.
 *
 * The model decides; the loop only executes. Every later lesson hangs on this loop.
 */
import {
  assistantMessage,
  loopContext,
  stopNotice,
  textOf,
  toolUsesOf,
  type MessageParam,
  type Model,
  type Renderer,
  type ToolResultBlockParam,
} from "@learn/core";
import { bashTool } from "./bash/bash-tool.ts";

export interface LoopOptions {
  model: Model;
  system: string;
  /** The conversation so far; the loop appends to it. */
  messages: MessageParam[];
  cwd: string;
  renderer: Renderer;
  signal: AbortSignal;
  tool?: typeof bashTool;
}

/** Run until the model answers without asking for a tool; return that answer's text. */
export async function agentLoop(options: LoopOptions): Promise<string> {
  const tool = options.tool ?? bashTool;
  const ctx = loopContext(options); // what a tool sees: the agent's name, its folder, the cancel signal...
  for (;;) {
    const response = await options.model.call({ system: options.system, messages: options.messages, tools: [tool.spec] }, options.signal);
    options.messages.push(assistantMessage(response));

    // Decide on the blocks, not on stop_reason alone: no tool_use block means we are done.
    const toolUses = toolUsesOf(response);
    if (toolUses.length === 0) {
      const notice = stopNotice(response); // max_tokens, refusal, pause_turn: say so
      if (notice) options.renderer.notice(notice);
      return textOf(response);
    }

    // Run each tool in order; every tool_use gets exactly one tool_result.
    const results: ToolResultBlockParam[] = [];
    for (const use of toolUses) {
      options.renderer.toolCall(use.name, use.input, use.id);
      const outcome =
        use.name === tool.name
          ? await tool.execute(use.input, ctx)
          : { content: `Error: unknown tool "${use.name}" (this agent has only ${tool.name})`, isError: true };
      options.renderer.toolResult(use.name, outcome, use.id);
      results.push({ type: "tool_result", tool_use_id: use.id, content: outcome.content, is_error: outcome.isError || undefined });
    }
    // All results go back in ONE user message: the API requires them right after the tool_use.
    options.messages.push({ role: "user", content: results });
    options.signal.throwIfAborted(); // Ctrl-C: stop here, with the conversation still valid
  }
}
