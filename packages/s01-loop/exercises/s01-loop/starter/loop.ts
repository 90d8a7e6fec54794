/**
 * THE AGENT LOOP — the whole idea of an agent in one function. YOU write it back.
 *
 *   call the model → append its message → no tool asked for? stop.
 *                                       → else run each tool, append all results in one
 *                                         user message, and go round again.
 *
 * The model decides; the loop only executes. Read README.md, "The solution", first.
 * Check your work: pnpm exercise check s01-loop
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
import { bashTool } from "../../../src/tools/bash.ts";

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
export async function agentLoop(o: LoopOptions): Promise<string> {
  const tool = o.tool ?? bashTool;
  const ctx = loopContext(o); // what a tool sees: the agent's name, its folder, the cancel signal...
  // What you have to work with (all imported above):
  //   o.model.call({ system, messages, tools: [tool.spec] }, o.signal)  → the model's response
  //   assistantMessage(response)      the response as a message to push onto o.messages
  //   toolUsesOf(response)            the tool_use blocks it holds (an empty list: it is done)
  //   textOf(response)                its text: what the loop returns at the end
  //   stopNotice(response)            a notice to show (o.renderer.notice) when it stopped early
  //   tool.execute(use.input, ctx)    runs the tool → { content, isError }
  //   o.renderer.toolCall(use.name, use.input, use.id) / o.renderer.toolResult(use.name, outcome, use.id)
  // Every tool_use gets exactly one ToolResultBlockParam ({ type: "tool_result", tool_use_id, content,
  // is_error }), and all of a round's results go back in ONE user message.
  // TODO: the loop.
  throw new Error("agentLoop is not written yet (exercises/s01-loop/loop.ts)");
}
