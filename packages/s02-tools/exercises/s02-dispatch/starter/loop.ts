/**
 * THE AGENT LOOP — the whole idea of an agent in one function.
 *
 *   call the model → append its message → no tool asked for? stop.
 *                                       → else run each tool, append all results in one
 *                                         user message, and go round again.
 *
 * The model decides; the loop only executes. Lesson 2 changes one thing: the loop looks
 * each tool up by name in a dispatch table, so a new tool is a new entry, never a new branch.
 * YOU write it back. Read README.md, "The solution", and core's kernel/batches.ts first.
 * Check your work: pnpm exercise check s02-dispatch
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
export async function agentLoop(o: LoopOptions): Promise<string> {
  const ctx = loopContext(o); // what a tool sees: the agent's name, its folder, the cancel signal...
  // Lesson 1's loop, with two changes:
  //   1. a dispatch table: a Map from each tool's name to the tool (o.tools), looked up for
  //      every tool_use; a name not in it gets an error result naming the tools the agent has;
  //   2. batches: runInBatches(toolUses, isSafe, run) runs consecutive calls whose tool is
  //      `concurrencySafe` together and any other call alone, and returns results in the
  //      model's order. `run` is one call: tool_use in, tool_result block out.
  // You have: o.model.call({ system, messages, tools: o.tools.map((t) => t.spec) }, o.signal),
  // assistantMessage, toolUsesOf, textOf, stopNotice, o.renderer.toolCall / toolResult.
  // TODO: the loop.
  throw new Error("agentLoop is not written yet (exercises/s02-dispatch/loop.ts)");
}
