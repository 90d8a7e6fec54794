/**
 * The offline model: a strict, scripted Messages API behind a `fetch` function. The real SDK
 * is created with `new Anthropic({ fetch: simulator.fetch })` and cannot tell the difference:
 * it gets real status codes, real error bodies, real messages and real server-sent events.
 *
 * Per request: validate it as the real API would, check the prompt against the script's
 * context limit, take the agent's next turn (checking the turn's `expect`), then answer it:
 * after an optional delay, with a message, an HTTP error, or a dropped connection.
 * All state (turn queues, id counters, the request log) lives in the instance, per agent:
 * each agent has its own queue and its own id counters, so agents running concurrently get
 * the same ids whatever the timing, and a multi-agent run is as reproducible as a single one.
 * A turn with `after` holds its request until another agent has been served enough turns (or
 * has sent enough requests):
 * that is how a script orders agents that run at the same time. The harness says when an
 * agent's turn failed or was cancelled (turnEnded): a turn held for that agent then fails with
 * the reason, instead of waiting for a request that will never come.
 * One prompt cache serves every agent (they share an organisation, as on the real API) and
 * outlives `restart`: the real cache does not know a conversation was cleared.
 */
import { AGENT_HEADER, type TurnEnd } from "../runtime/protocol.ts";
import { checkExpect, checkScriptedTools } from "./expect.ts";
import { checkScriptedFormat } from "./output-format.ts";
import { Holds } from "./hold.ts";
import { PromptCache } from "./prompt-cache.ts";
import { lastUserText, promptTokens, quote, type SimRequest } from "./request.ts";
import { buildMessage, errorBody } from "./respond.ts";
import { DEFAULT_AGENT, type Script, type ScriptTurn, type TurnAnswer } from "./script.ts";
import { sseStream, streamEvents } from "./sse.ts";
import { withoutSystemTurns } from "./system-turns.ts";
import { validateRequest } from "./validate.ts";
import { connectionDropped, json, parseJson, sleep } from "./wire.ts";

export { DEFAULT_AGENT };

/** How the 400 for a first prompt the script does not know begins: the harness recognises it by this. */
export const UNKNOWN_PROMPT = "the offline model knows only the prompts of its script";

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

/** One agent's place in the script. */
interface AgentState {
  queue: QueuedTurn[];
  /** How many turns the script has for it (repeats counted). */
  total: number;
  /** How many of them were served: what `after: { served }` waits for. */
  served: number;
  /** How many requests it sent since its script (re)started: what `after: { asked }` waits for. */
  asked: number;
  /** Its own id counters: ids depend on the agent's progress only, never on other agents' timing. */
  ids: { request: number; message: number; toolUse: number };
  /** Its last turn failed or was cancelled, and no request came since: it stopped mid-script. */
  stopped?: Exclude<TurnEnd, "finished">;
}

type Picked = { answer: TurnAnswer } | { problem: string };

export class Simulator {
  readonly fetch: typeof globalThis.fetch;
  readonly requests: RecordedRequest[] = [];
  readonly #script: Script;
  readonly #name: string | undefined;
  readonly #agents = new Map<string, AgentState>();
  readonly #holds = new Holds({
    served: (agent) => this.#agents.get(agent)?.served ?? 0,
    asked: (agent) => this.#agents.get(agent)?.asked ?? 0,
    // Turns not served yet, the one being answered (taken off the queue, not yet served) included.
    left: (agent) => {
      const state = this.#agents.get(agent);
      return state ? state.total - state.served : 0;
    },
    stopped: (agent) => this.#agents.get(agent)?.stopped,
  });
  /** Ids for requests from agents the script does not know (they only ever get errors). */
  readonly #strangers = new Map<string, AgentState>();
  /** What answered requests asked to cache; only answered ones: an error or a fault writes nothing. */
  readonly #cache: PromptCache;

  /** `now` is the prompt cache's clock (a test moves it to expire entries without waiting). */
  constructor(script: Script, options: { name?: string; now?: () => number } = {}) {
    this.#script = script;
    this.#name = options.name;
    this.#cache = new PromptCache({ now: options.now });
    for (const turn of script.turns) this.#agents.set(turn.agent ?? DEFAULT_AGENT, freshState());
    this.restart();
    this.fetch = (input, init) => this.#handle(input, init);
  }

  /** Turns not yet served, for one agent or for all. */
  remaining(agent?: string): number {
    if (agent !== undefined) return this.#agents.get(agent)?.queue.length ?? 0;
    return [...this.#agents.values()].reduce((sum, state) => sum + state.queue.length, 0);
  }

  /**
   * Start an agent's script again from its first turn (every agent's, when none is named):
   * full queue, nothing served, id counters back to 1. The harness calls this when it starts
   * a new conversation on purpose (`/clear`), wherever the script had got to. A request that
   * opens a fresh conversation after the agent's turns ran out restarts it too (see #handle):
   * that covers what the harness cannot announce, such as a subagent started a second time
   * under the same name, or the demo prompt typed again after the demo ended.
   */
  restart(agent?: string): void {
    for (const [name, state] of this.#agents) {
      if (agent !== undefined && name !== agent) continue;
      const turns = this.#script.turns.flatMap((turn, index) =>
        (turn.agent ?? DEFAULT_AGENT) === name ? Array.from({ length: turn.repeat ?? 1 }, () => ({ turn, index })) : [],
      );
      state.queue = turns.map((queued, i) => ({ ...queued, ordinal: i + 1 }));
      state.total = turns.length;
      state.served = 0;
      state.asked = 0;
      state.ids = { request: 0, message: 0, toolUse: 0 };
      state.stopped = undefined;
    }
    this.#holds.check();
  }

  /**
   * The harness says how an agent's turn ended. One that finished changes nothing: the agent
   * is idle, and mail may wake it to go on with its script. One that failed or was cancelled
   * (Ctrl-C) left its script mid-way: a turn held until that agent gets further would wait for
   * a request that never comes, so it fails now, saying why. The agent's next request (or a
   * restart) lifts the mark.
   */
  turnEnded(agent: string, how: TurnEnd): void {
    const state = this.#agents.get(agent);
    if (!state || how === "finished") return;
    state.stopped = how;
    this.#holds.check();
  }

  async #handle(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const agent = request.headers.get(AGENT_HEADER) ?? DEFAULT_AGENT;
    const text = await request.text();
    const { pathname, searchParams } = new URL(request.url);
    if (request.method !== "POST" || !pathname.endsWith("/v1/messages")) {
      const message = `Not found: ${request.method} ${pathname} (the simulator serves POST /v1/messages)`;
      return this.#fail(agent, text, 404, "not_found_error", message);
    }
    const body = parseJson(text);
    const problem =
      body === undefined
        ? "There was an error parsing the body of your request: it is not valid JSON"
        : validateRequest(body, { betas: betasOf(request.headers), beta: isBeta(request.headers, searchParams) }) ?? this.#checkContext(body as SimRequest) ?? this.#checkOutput(body as SimRequest);
    if (problem) return this.#fail(agent, body ?? text, 400, "invalid_request_error", problem);
    // The script reads the conversation (last user message, message count) without system turns;
    // it is served (prompt cache, record) as sent.
    const simRequest = withoutSystemTurns(body as SimRequest);
    const state = this.#agents.get(agent);
    // A fresh conversation after the agent's turns ran out: start its script again (see restart).
    if (state?.queue.length === 0 && simRequest.messages.length === 1) this.restart(agent);
    if (state) {
      state.stopped = undefined; // it speaks again: whatever stopped it is over
      state.asked++;
      this.#holds.check();
    }
    const held = await this.#hold(agent, request.signal).catch((error: unknown) => {
      this.#record(agent, body, 0, { aborted: true });
      throw error;
    });
    if (held) return this.#fail(agent, body, 400, "invalid_request_error", held);
    // From here to taking the turn there is no await, so concurrent requests cannot race for it.
    const picked = this.#pick(agent, simRequest);
    if ("problem" in picked) return this.#fail(agent, body, 400, "invalid_request_error", picked.problem);
    return this.#serve(agent, body as SimRequest, picked.answer, request.signal);
  }

  /** The real API refuses a prompt larger than the model's window; the script sets the window. */
  #checkContext(request: SimRequest): string | undefined {
    const max = this.#script.limits?.contextTokens;
    const tokens = promptTokens(request);
    return max !== undefined && tokens > max ? `prompt is too long: ${tokens} tokens > ${max} maximum` : undefined;
  }

  /** The real API refuses a max_tokens above the model's output limit, naming the limit; the script sets it. */
  #checkOutput(request: SimRequest): string | undefined {
    const max = this.#script.limits?.outputTokens;
    return max !== undefined && request.max_tokens > max ? `max_tokens: ${request.max_tokens} > ${max}, which is the maximum allowed number of output tokens for ${request.model}` : undefined;
  }

  /**
   * Wait while the agent's next turn has an `after` that is not met yet. Resolves undefined
   * when the turn may be served, or with the problem when it never can be (a deadlock).
   */
  async #hold(agent: string, signal: AbortSignal): Promise<string | undefined> {
    for (;;) {
      const next = this.#agents.get(agent)?.queue[0];
      const after = next?.turn.after;
      if (!next || !after || this.#holds.met(after)) return undefined;
      const problem = await this.#holds.wait(agent, after, signal);
      if (problem) return `${this.#label(agent, next)}: ${problem}`;
    }
  }

  /** The agent's next turn (or the alternative of it that fits), taken off its queue only if it fits the request. */
  #pick(agent: string, request: SimRequest): Picked {
    const queue = this.#agents.get(agent)?.queue ?? [];
    const next = queue[0];
    if (!next) return { problem: this.#ranOut(agent, request) };
    const alternatives = next.turn.oneOf ?? [next.turn];
    const mismatches: string[] = [];
    for (const answer of alternatives) {
      const mismatch = (answer.expect && checkExpect(answer.expect, request)) || checkScriptedTools(answer.content ?? [], request) || checkScriptedFormat(answer, request);
      if (!mismatch) {
        queue.shift();
        return { answer };
      }
      mismatches.push(mismatch);
    }
    const why = next.turn.oneOf
      ? `none of its ${alternatives.length} alternatives matched: ${mismatches.map((m, i) => `oneOf[${i}] ${m}`).join("; ")}`
      : mismatches[0];
    const problem = `${this.#label(agent, next)}: ${why}`;
    return { problem: this.#unknownPrompt(agent, alternatives, request, problem) ?? problem };
  }

  /**
   * A first prompt the script does not know is the usual surprise offline: a student types a
   * question of their own. Say what the offline model can answer, and how to get a real one.
   * Only for the lead: a subagent's first prompt is written by the lead, not typed.
   */
  #unknownPrompt(agent: string, alternatives: TurnAnswer[], request: SimRequest, problem: string): string | undefined {
    const prompts = this.#script.prompt === undefined ? [] : [this.#script.prompt].flat();
    if (agent !== DEFAULT_AGENT || request.messages.length !== 1 || prompts.length === 0) return undefined;
    const text = lastUserText(request);
    const unknown = alternatives.every((a) => {
      const wanted = a.expect?.lastUserIncludes;
      return wanted !== undefined && !text.includes(wanted);
    });
    if (!unknown) return undefined;
    return (
      `${UNKNOWN_PROMPT}: ${prompts.map((p) => quote(p)).join(", ")}. ` +
      `Type them in that order (or /demo to send the next), or set ANTHROPIC_API_KEY in .env to talk to a real model. (${problem})`
    );
  }

  #label(agent: string, { index, ordinal }: QueuedTurn): string {
    const where = this.#name === undefined ? `turns[${index}]` : `turns[${index}] of ${this.#name}`;
    return `script turn ${ordinal} for agent "${agent}" (${where})`;
  }

  #ranOut(agent: string, request: SimRequest): string {
    const script = this.#name === undefined ? "script" : `script ${this.#name}`;
    const served = this.#agents.get(agent)?.total;
    if (served === undefined) {
      const agents = [...this.#agents.keys()].join(", ");
      return `${script} has no turns for agent "${agent}" (agents in the script: ${agents})`;
    }
    return `${script} has run out for agent "${agent}": all ${served} of its turns were served, but another request came (last user message: ${quote(lastUserText(request))})`;
  }

  async #serve(agent: string, request: SimRequest, turn: TurnAnswer, signal: AbortSignal): Promise<Response> {
    try {
      if (turn.delayMs) await sleep(turn.delayMs, signal);
    } catch (error) {
      this.#record(agent, request, 0, { aborted: true });
      throw error;
    } finally {
      this.#served(agent);
    }
    if (turn.disconnect) {
      this.#record(agent, request, 0, { disconnected: true });
      throw connectionDropped();
    }
    if (turn.error) {
      const { status, type, message, headers } = turn.error;
      return this.#fail(agent, request, status, type, message, headers);
    }
    return this.#answer(agent, request, turn);
  }

  /** A turn was used up (answered, or dropped by the caller): agents waiting on this one may go on. */
  #served(agent: string): void {
    const state = this.#agents.get(agent);
    if (state) state.served++;
    this.#holds.check();
  }

  #answer(agent: string, request: SimRequest, turn: TurnAnswer): Response {
    const message = buildMessage(turn.content ?? [], turn.stop_reason, {
      model: request.model,
      maxTokens: request.max_tokens,
      input: this.#cache.account(request),
      messageId: this.#nextId(agent, "message"),
      nextToolUseId: () => this.#nextId(agent, "toolUse"),
    });
    this.#record(agent, request, 200, message);
    const headers = { "request-id": this.#nextId(agent, "request") };
    if (!request.stream) return json(200, message, headers);
    return new Response(sseStream(streamEvents(message)), {
      status: 200,
      headers: { ...headers, "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" },
    });
  }

  /**
   * An error in the real API's format: JSON body, `request-id` header, and a retry hint on
   * retryable ones (unless the script gives the headers itself).
   */
  #fail(agent: string, body: unknown, status: number, type: string, message: string, headers?: Record<string, string>): Response {
    const requestId = this.#nextId(agent, "request");
    const response = errorBody(type, message, requestId);
    this.#record(agent, body, status, response);
    const retryable = status === 429 || status >= 500;
    const hint = headers ?? (retryable ? { "retry-after-ms": RETRY_AFTER_MS } : {});
    return json(status, response, { ...hint, "request-id": requestId });
  }

  /** Ids like `toolu_sim_lead_0001`: the agent's name and its own count, so tests and docs can name them. */
  #nextId(agent: string, kind: keyof AgentState["ids"]): string {
    let state = this.#agents.get(agent) ?? this.#strangers.get(agent);
    if (!state) this.#strangers.set(agent, (state = freshState()));
    const prefix = { request: "req", message: "msg", toolUse: "toolu" }[kind];
    return `${prefix}_sim_${agent.replace(/[^A-Za-z0-9]/g, "_")}_${pad(++state.ids[kind])}`;
  }

  #record(agent: string, body: unknown, status: number, response: unknown): void {
    this.requests.push({ agent, body, status, response });
  }
}

/**
 * A request to the API's beta surface: it names a beta (what the SDK's `client.beta.messages` does)
 * or asks the beta endpoint (`?beta=true`, as Claude Code does).
 */
function isBeta(headers: Headers, search: URLSearchParams): boolean {
  return betasOf(headers).length > 0 || search.get("beta") === "true";
}

/** The `anthropic-beta` header's comma-separated values. */
function betasOf(headers: Headers): string[] {
  return (headers.get("anthropic-beta") ?? "").split(",").map((beta) => beta.trim()).filter(Boolean);
}

function freshState(): AgentState {
  return { queue: [], total: 0, served: 0, asked: 0, ids: { request: 0, message: 0, toolUse: 0 } };
}

function pad(n: number): string {
  return String(n).padStart(4, "0");
}
