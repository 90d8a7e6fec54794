/**
 * The offline model: a strict, scripted Messages API behind a `fetch` function. The real SDK
 * is created with `new Anthropic({ fetch: simulator.fetch })` and cannot tell the difference:
 * it gets real status codes, real error bodies, real messages and real server-sent events.
 *
 * Per request: validate it as the real API would, check the prompt against the script's
 * context limit, take the agent's next turn (checking the turn's `expect`), then answer it:
 * after an optional delay, with a message, an HTTP error, or a dropped connection.
 * All state (turn queues, id counters, the request log) lives in the instance.
 */
import { checkExpect, checkScriptedTools } from "./expect.ts";
import { lastUserText, promptTokens, quote, type SimRequest } from "./request.ts";
import { buildMessage, errorBody } from "./respond.ts";
import type { Script, ScriptTurn } from "./script.ts";
import { sseStream, streamEvents } from "./sse.ts";
import { validateRequest } from "./validate.ts";
import { connectionDropped, json, parseJson, sleep } from "./wire.ts";

export const DEFAULT_AGENT = "lead";
export const AGENT_HEADER = "x-learn-agent";

/** Retry delay suggested with every retryable fault, so SDK retries are quick in demos and tests. */
const RETRY_AFTER_MS = "20";

export interface RecordedRequest {
  agent: string;
  body: unknown;
  /** The HTTP status answered, or 0 when no response was sent (dropped connection, aborted). */
  status: number;
  response: unknown;
}

/** A turn waiting in its agent's queue, with where it came from (for error messages). */
interface QueuedTurn {
  turn: ScriptTurn;
  /** Its index in the script's `turns`. */
  index: number;
  /** Its position among its agent's turns, from 1. */
  ordinal: number;
}

type Picked = { queued: QueuedTurn } | { problem: string };

export class Simulator {
  readonly fetch: typeof globalThis.fetch;
  readonly requests: RecordedRequest[] = [];
  readonly #script: Script;
  readonly #name: string | undefined;
  readonly #queues = new Map<string, QueuedTurn[]>();
  readonly #turnCounts = new Map<string, number>();
  #lastIds = { request: 0, message: 0, toolUse: 0 };

  constructor(script: Script, options: { name?: string } = {}) {
    this.#script = script;
    this.#name = options.name;
    for (const [index, turn] of script.turns.entries()) {
      const agent = turn.agent ?? DEFAULT_AGENT;
      const queue = this.#queues.get(agent) ?? [];
      queue.push({ turn, index, ordinal: queue.length + 1 });
      this.#queues.set(agent, queue);
      this.#turnCounts.set(agent, queue.length);
    }
    this.fetch = (input, init) => this.#handle(input, init);
  }

  /** Turns not yet served, for one agent or for all. */
  remaining(agent?: string): number {
    if (agent !== undefined) return this.#queues.get(agent)?.length ?? 0;
    return [...this.#queues.values()].reduce((sum, queue) => sum + queue.length, 0);
  }

  async #handle(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const agent = request.headers.get(AGENT_HEADER) ?? DEFAULT_AGENT;
    const text = await request.text();
    const { pathname } = new URL(request.url);
    if (request.method !== "POST" || !pathname.endsWith("/v1/messages")) {
      const message = `Not found: ${request.method} ${pathname} (the simulator serves POST /v1/messages)`;
      return this.#fail(agent, text, 404, "not_found_error", message);
    }
    const body = parseJson(text);
    const problem =
      body === undefined
        ? "There was an error parsing the body of your request: it is not valid JSON"
        : validateRequest(body) ?? this.#checkContext(body as SimRequest);
    if (problem) return this.#fail(agent, body ?? text, 400, "invalid_request_error", problem);
    // From here to taking the turn there is no await, so concurrent requests cannot race for it.
    const picked = this.#pick(agent, body as SimRequest);
    if ("problem" in picked) return this.#fail(agent, body, 400, "invalid_request_error", picked.problem);
    return this.#serve(agent, body as SimRequest, picked.queued.turn, request.signal);
  }

  /** The real API refuses a prompt larger than the model's window; the script sets the window. */
  #checkContext(request: SimRequest): string | undefined {
    const max = this.#script.limits?.contextTokens;
    const tokens = promptTokens(request);
    return max !== undefined && tokens > max ? `prompt is too long: ${tokens} tokens > ${max} maximum` : undefined;
  }

  /** The agent's next turn, taken off its queue only if it fits the request. */
  #pick(agent: string, request: SimRequest): Picked {
    const queue = this.#queues.get(agent) ?? [];
    const next = queue[0];
    if (!next) return { problem: this.#ranOut(agent, request) };
    const mismatch =
      (next.turn.expect && checkExpect(next.turn.expect, request)) ||
      checkScriptedTools(next.turn.content ?? [], request);
    if (mismatch) return { problem: `${this.#label(agent, next)}: ${mismatch}` };
    queue.shift();
    return { queued: next };
  }

  #label(agent: string, { index, ordinal }: QueuedTurn): string {
    const where = this.#name === undefined ? `turns[${index}]` : `turns[${index}] of ${this.#name}`;
    return `script turn ${ordinal} for agent "${agent}" (${where})`;
  }

  #ranOut(agent: string, request: SimRequest): string {
    const script = this.#name === undefined ? "script" : `script ${this.#name}`;
    const served = this.#turnCounts.get(agent);
    if (served === undefined) {
      const agents = [...this.#queues.keys()].join(", ");
      return `${script} has no turns for agent "${agent}" (agents in the script: ${agents})`;
    }
    return `${script} has run out for agent "${agent}": all ${served} of its turns were served, but another request came (last user message: ${quote(lastUserText(request))})`;
  }

  async #serve(agent: string, request: SimRequest, turn: ScriptTurn, signal: AbortSignal): Promise<Response> {
    if (turn.delayMs) {
      try {
        await sleep(turn.delayMs, signal);
      } catch (error) {
        this.#record(agent, request, 0, { aborted: true });
        throw error;
      }
    }
    if (turn.disconnect) {
      this.#record(agent, request, 0, { disconnected: true });
      throw connectionDropped();
    }
    if (turn.error) {
      const { status, type, message } = turn.error;
      return this.#fail(agent, request, status, type, message);
    }
    return this.#answer(agent, request, turn);
  }

  #answer(agent: string, request: SimRequest, turn: ScriptTurn): Response {
    const message = buildMessage(turn.content ?? [], turn.stop_reason, {
      model: request.model,
      maxTokens: request.max_tokens,
      inputTokens: promptTokens(request),
      messageId: `msg_sim_${pad(++this.#lastIds.message)}`,
      nextToolUseId: () => `toolu_sim_${pad(++this.#lastIds.toolUse)}`,
    });
    this.#record(agent, request, 200, message);
    const headers = { "request-id": this.#nextRequestId() };
    if (!request.stream) return json(200, message, headers);
    return new Response(sseStream(streamEvents(message)), {
      status: 200,
      headers: { ...headers, "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" },
    });
  }

  /** An error in the real API's format: JSON body, `request-id` header, retry hint on retryable ones. */
  #fail(agent: string, body: unknown, status: number, type: string, message: string): Response {
    const requestId = this.#nextRequestId();
    const response = errorBody(type, message, requestId);
    this.#record(agent, body, status, response);
    const retryable = status === 429 || status >= 500;
    return json(status, response, { "request-id": requestId, ...(retryable ? { "retry-after-ms": RETRY_AFTER_MS } : {}) });
  }

  #nextRequestId(): string {
    return `req_sim_${pad(++this.#lastIds.request)}`;
  }

  #record(agent: string, body: unknown, status: number, response: unknown): void {
    this.requests.push({ agent, body, status, response });
  }
}

/** Ids like `toolu_sim_0001`: deterministic per simulator, so tests and docs can name them. */
function pad(n: number): string {
  return String(n).padStart(4, "0");
}
