/**
 * One model call: send the request (streaming), show the text as it arrives, record both
 * sides in the trace, return the final message. Every lesson's loop calls the model
 * through this, so streaming, tracing and the agent's name are handled in one place.
 *
 * It is also the last line against secrets: text joins the conversation in many places (a
 * tool's result, which tool.ts has scrubbed already; a PreModel hook's background notice or
 * inbox mail; a hook's added context; a compaction's summary request), but every request
 * leaves through `body`, so every known secret is scrubbed from it there (secrets.ts).
 *
 * Offline, it also tells the simulator how each of its agent's turns ended (`turnEnded`): a
 * turn the script holds until this agent gets further must not wait for one that was cancelled.
 */
import type Anthropic from "@anthropic-ai/sdk";
import { AGENT_HEADER, type Message, type MessageParam, type TextBlockParam, type ToolSpec, type TurnEnd } from "./protocol.ts";
import { scrubDeep } from "../platform/secrets.ts";
import type { Tracer } from "../platform/trace.ts";
import type { Renderer } from "./renderer.ts";
import { flattenDeepInputs } from "./tool-input-depth.ts";

export interface ModelRequest {
  /** A string, or text blocks (so a cache breakpoint can sit between stable and dynamic parts). */
  system?: string | TextBlockParam[];
  messages: MessageParam[];
  tools?: ToolSpec[];
  /** Defaults to the configured model and max_tokens. */
  model?: string;
  maxTokens?: number;
  /** Do not stream this call's text to the screen (a summary the user should not watch). */
  quiet?: boolean;
  /** The SDK's own retries for this call (a recovery wrapper that retries itself sets 0). */
  maxRetries?: number;
  /**
   * The last block is a one-off question no later request repeats (s07's summary request): a
   * cache breakpoint on the last message goes on the block before it, so no cache write holds it.
   */
  oneOffLastBlock?: boolean;
  /** Structured output: the answer's text is JSON matching this schema (sent as `output_config.format`). */
  outputSchema?: Record<string, unknown>;
}

export interface ModelOptions {
  client: Anthropic;
  model: string;
  maxTokens: number;
  /** The agent's name: sent as a header (the simulator routes on it) and written in the trace. */
  agent: string;
  renderer: Renderer;
  tracer?: Tracer;
  /** Told when a turn of one of its agents ends, and how (offline: the simulator's turnEnded). */
  onTurnEnd?: (agent: string, how: TurnEnd) => void;
}

export class Model {
  constructor(readonly options: ModelOptions) {}

  get agent(): string {
    return this.options.agent;
  }

  /** The same client, tracer and settings, for another agent (a subagent, a teammate). */
  forAgent(agent: string, renderer: Renderer): Model {
    return new Model({ ...this.options, agent, renderer });
  }

  /** The agent's loop ended a turn: finished, failed, or cancelled. */
  turnEnded(how: TurnEnd): void {
    this.options.onTurnEnd?.(this.agent, how);
  }

  /** The exact body sent to the API for `request`, every known secret scrubbed out. */
  body(request: ModelRequest): Anthropic.MessageCreateParamsStreaming {
    return scrubDeep({
      model: request.model ?? this.options.model,
      max_tokens: request.maxTokens ?? this.options.maxTokens,
      ...(request.system?.length ? { system: request.system } : {}),
      messages: request.messages,
      ...(request.tools?.length ? { tools: request.tools } : {}),
      ...(request.outputSchema ? { output_config: { format: { type: "json_schema" as const, schema: request.outputSchema } } } : {}),
      stream: true,
    });
  }

  async call(request: ModelRequest, signal?: AbortSignal): Promise<Message> {
    const { client, agent, renderer, tracer } = this.options;
    const body = this.body(request);
    // The message list keeps growing after this call; the trace must show it as it was sent.
    tracer?.record("request", agent, structuredClone(body));
    const quiet = request.quiet === true;
    if (!quiet) renderer.modelStart();
    try {
      const retries = request.maxRetries === undefined ? {} : { maxRetries: request.maxRetries };
      const stream = client.messages.stream(body, { signal, headers: { [AGENT_HEADER]: agent }, ...retries });
      if (!quiet) stream.on("text", (delta) => renderer.text(delta));
      const response = await stream.finalMessage();
      flattenDeepInputs(response); // before the trace, the screen or the next request walk it recursively
      tracer?.record("response", agent, response);
      if (!quiet) renderer.modelEnd(response);
      return response;
    } catch (err) {
      tracer?.record("error", agent, { message: (err as Error).message });
      throw err;
    } finally {
      if (!quiet) renderer.text(""); // stops the spinner whatever happened
    }
  }
}
