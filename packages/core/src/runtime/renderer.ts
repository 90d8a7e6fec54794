/**
 * What the user sees while an agent works, as the agent sees it: events reported here. Agents
 * never write to the terminal themselves, so the same agent runs in the REPL, in `--print`, in
 * a test (a recording renderer), as an indented child (a subagent) or under its name (a
 * teammate) without a change. The kernel, the model call and the agent context report to this
 * interface; the terminal that draws it is the app's (app/ui/renderer.ts).
 */
import type { Message } from "./protocol.ts";
import type { ToolOutcome } from "./tool-outcome.ts";

export interface Renderer {
  /** A model call starts: show that we are waiting. */
  modelStart(): void;
  /** A piece of streamed text from the model; an empty one means the stream is over. */
  text(delta: string): void;
  /** The model call finished. */
  modelEnd(response: Message): void;
  /** A tool call; `id` (the tool_use id) matches it to its result when calls overlap. */
  toolCall(name: string, input: unknown, id?: string): void;
  /** A tool's result; with the call's `id`, a result of parallel calls names the right call. */
  toolResult(name: string, outcome: ToolOutcome, id?: string): void;
  /** Something the harness wants the user to know (a stop reason, a retry, a compaction). */
  notice(text: string): void;
  error(text: string): void;
  /** What the spinner says while this agent waits (the current plan item, say); none resets it. */
  status(text?: string): void;
  /** A renderer for a child agent (a subagent), shown indented under this one. */
  child(label: string): Renderer;
  /** A renderer for a named agent working beside this one: each of its lines starts with the name. */
  teammate(name: string): Renderer;
}

/** A renderer that shows nothing (benchmarks, and agents nobody watches). */
export const silentRenderer: Renderer = {
  modelStart() {},
  text() {},
  modelEnd() {},
  toolCall() {},
  toolResult() {},
  notice() {},
  error() {},
  status() {},
  child() {
    return silentRenderer;
  },
  teammate() {
    return silentRenderer;
  },
};
