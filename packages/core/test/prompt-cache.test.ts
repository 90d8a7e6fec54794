/**
 * Prompt caching as the API reports it: what a request reads from the cache, what it writes,
 * and what is left as plain input. First the accounting on its own (PromptCache), then the
 * same figures through the simulator and the real SDK, streamed or not, and on screen.
 */
import Anthropic, { type APIError } from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import type { Message, MessageParam, TextBlockParam, ToolSpec } from "../src/runtime/protocol.ts";
import { AGENT_HEADER } from "../src/runtime/protocol.ts";
import * as simulator from "../src/simulator/index.ts";
import { parseScript } from "../src/simulator/load.ts";
import { minimumCacheableTokens, PromptCache } from "../src/simulator/prompt-cache.ts";
import { Simulator } from "../src/simulator/simulator.ts";
import { Screen, TerminalRenderer } from "../src/app/ui/renderer.ts";
import { paletteFor } from "../src/app/ui/colors.ts";

const MODEL = "claude-sim";
const EPHEMERAL = { type: "ephemeral" } as const;
const MINUTE = 60_000;

const bash: ToolSpec = {
  name: "bash",
  description: "Run a shell command",
  input_schema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
};

/** About 1500 tokens of stable instructions: over the default minimum of 1024 on its own. */
const STABLE = "You are a careful coding agent. ".repeat(188);
const system: TextBlockParam[] = [{ type: "text", text: STABLE, cache_control: EPHEMERAL }];

/** A message of one text block (~100 tokens), so each message is exactly one block of the prefix. */
function say(role: "user" | "assistant", n: number): MessageParam {
  return { role, content: [{ type: "text", text: `${role} message ${n}: ${"words ".repeat(64)}` }] };
}

/** The first user message and `rounds` more rounds (assistant + user), as a growing conversation. */
function conversation(rounds: number): MessageParam[] {
  const messages = [say("user", 0)];
  for (let r = 1; r <= rounds; r++) messages.push(say("assistant", r), say("user", r));
  return messages;
}

/** The request the harness sends: breakpoints at the end of system and on the last block of the last message. */
function request(messages: MessageParam[], overrides: { model?: string; system?: TextBlockParam[]; tools?: ToolSpec[] } = {}): Anthropic.MessageCreateParamsNonStreaming {
  const marked = structuredClone(messages);
  const last = marked.at(-1)!.content as TextBlockParam[];
  last[last.length - 1] = { ...last.at(-1)!, cache_control: EPHEMERAL };
  return { model: MODEL, max_tokens: 1000, tools: [bash], system, messages: marked, ...overrides };
}

/** The estimate the simulator uses: characters of the blocks' JSON (cache_control left out) / 4. */
function tokensOf(blocks: object[]): number {
  const chars = blocks.reduce((sum: number, block) => {
    const { cache_control: _, ...rest } = block as { cache_control?: unknown };
    return sum + JSON.stringify(rest).length;
  }, 0);
  return Math.ceil(chars / 4);
}

const blocksOf = (messages: MessageParam[]) => messages.flatMap((m) => m.content as object[]);
/** Tokens of the prefix: tools, system, and the first `count` messages (or all of them). */
const prefix = (messages: MessageParam[], count = messages.length, sys: object[] = system) =>
  tokensOf([bash, ...sys, ...blocksOf(messages.slice(0, count))]);
const totalOf = (r: { system?: unknown; messages: unknown; tools?: unknown }) =>
  Math.ceil(JSON.stringify({ system: r.system, messages: r.messages, tools: r.tools }).length / 4);

/** A clock the test moves by hand. */
function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe("PromptCache: what a request reads and writes", () => {
  it("the first request writes everything up to its last breakpoint, and reads nothing", () => {
    const cache = new PromptCache();
    const messages = conversation(1);
    const first = request(messages);
    const figures = cache.account(first);
    const total = totalOf(first);
    expect(figures).toEqual({ cacheReadTokens: 0, cacheWriteTokens: prefix(messages), inputTokens: total - prefix(messages), totalTokens: total });
    expect(prefix(messages)).toBeGreaterThan(1800);
    expect(figures.inputTokens).toBeGreaterThan(0); // the JSON around the blocks is not part of any block
  });

  it("in figures: a 5000-character system block is 1250 tokens, written once, then read", () => {
    const cache = new PromptCache();
    // {"type":"text","text":"xx…"} is 25 characters of JSON around the text: 5000 in all.
    const r = { model: MODEL, system: [{ type: "text", text: "x".repeat(4975), cache_control: EPHEMERAL }], messages: [{ role: "user", content: "hi" }] };
    expect(cache.account(r)).toEqual({ inputTokens: 24, cacheReadTokens: 0, cacheWriteTokens: 1250, totalTokens: 1274 });
    expect(cache.account(r)).toEqual({ inputTokens: 24, cacheReadTokens: 1250, cacheWriteTokens: 0, totalTokens: 1274 });
  });

  it("a deferred tool added to the tools (loaded by a tool_reference) leaves the prefix before it cached", () => {
    const cache = new PromptCache();
    const first = request(conversation(1));
    cache.account(first);
    const deferred = { ...bash, name: "mcp__srv__peek", defer_loading: true } as ToolSpec;
    const loaded = request(conversation(1), { tools: [bash, deferred] });
    expect(cache.account(loaded).cacheReadTokens).toBe(prefix(conversation(1)));
  });

  it("the identical request again reads everything up to the last breakpoint and writes nothing", () => {
    const cache = new PromptCache();
    const same = request(conversation(1));
    cache.account(same);
    const total = totalOf(same);
    expect(cache.account(same)).toEqual({ cacheReadTokens: prefix(conversation(1)), cacheWriteTokens: 0, inputTokens: total - prefix(conversation(1)), totalTokens: total });
  });

  it("a conversation grown by one round reads the previous prefix and writes only the new part", () => {
    const cache = new PromptCache();
    const before = conversation(2);
    cache.account(request(before));
    const after = conversation(3);
    const grown = request(after);
    const figures = cache.account(grown);
    expect(figures.cacheReadTokens).toBe(prefix(before));
    expect(figures.cacheWriteTokens).toBe(prefix(after) - prefix(before));
    expect(figures.inputTokens).toBe(totalOf(grown) - prefix(after));
    // The new part is the new round: two messages of about 100 tokens each.
    expect(figures.cacheWriteTokens).toBeGreaterThan(190);
    expect(figures.cacheWriteTokens).toBeLessThan(230);
  });

  it("a cache_control moved from one block to the next does not change what was cached", () => {
    // The old last message lost its marker in the grown request: the prefix is still the same.
    const cache = new PromptCache();
    cache.account(request(conversation(1)));
    expect(cache.account(request(conversation(2))).cacheReadTokens).toBe(prefix(conversation(1)));
  });

  it("a change in the system prompt invalidates everything after it", () => {
    const cache = new PromptCache();
    const messages = conversation(2);
    cache.account(request(messages));
    const changed: TextBlockParam[] = [{ type: "text", text: `${STABLE}Today is Tuesday.`, cache_control: EPHEMERAL }];
    const figures = cache.account(request(messages, { system: changed }));
    expect(figures.cacheReadTokens).toBe(0);
    expect(figures.cacheWriteTokens).toBe(prefix(messages, messages.length, changed));
  });

  it("a change in the tools invalidates everything, system included", () => {
    const cache = new PromptCache();
    const messages = conversation(2);
    cache.account(request(messages));
    const described = { ...bash, description: "Run a shell command in the workspace" };
    const figures = cache.account(request(messages, { tools: [described] }));
    expect(figures.cacheReadTokens).toBe(0);
    expect(figures.cacheWriteTokens).toBe(tokensOf([described, ...system, ...blocksOf(messages)]));
  });

  it("a change in an earlier message keeps the system breakpoint's prefix and misses after it", () => {
    const cache = new PromptCache();
    const messages = conversation(2);
    cache.account(request(messages));
    const edited = structuredClone(messages);
    edited[1] = { role: "assistant", content: [{ type: "text", text: "a shorter answer" }] };
    const figures = cache.account(request(edited));
    expect(figures.cacheReadTokens).toBe(tokensOf([bash, ...system]));
    expect(figures.cacheWriteTokens).toBe(prefix(edited) - tokensOf([bash, ...system]));
  });

  it("key order counts: the same tool call with its input keys swapped is another prefix", () => {
    const cache = new PromptCache();
    const call = (input: object): MessageParam[] => [
      say("user", 0),
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "bash", input }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "ok" }] },
    ];
    cache.account(request(call({ command: "ls", timeout: 5 })));
    const figures = cache.account(request(call({ timeout: 5, command: "ls" })));
    expect(figures.cacheReadTokens).toBe(tokensOf([bash, ...system])); // the system breakpoint still hits
  });

  it("a block moved into another message is a different prefix", () => {
    // Same blocks in the same order, but `b` is now an assistant message of its own.
    const cache = new PromptCache();
    const plainSystem = [{ type: "text" as const, text: STABLE }];
    const [a, b] = [{ type: "text" as const, text: "first" }, { type: "text" as const, text: "second" }];
    cache.account({ model: MODEL, tools: [bash], system: plainSystem, messages: [{ role: "user", content: [a, { ...b, cache_control: EPHEMERAL }] }] });
    const moved: MessageParam[] = [
      { role: "user", content: [a] },
      { role: "assistant", content: [b] },
      { role: "user", content: [{ type: "text", text: "third", cache_control: EPHEMERAL }] },
    ];
    expect(cache.account({ model: MODEL, tools: [bash], system: plainSystem, messages: moved }).cacheReadTokens).toBe(0);
    // Where it was, it is found: the control case.
    const kept: MessageParam[] = [{ role: "user", content: [a, b, { type: "text", text: "third", cache_control: EPHEMERAL }] }];
    expect(cache.account({ model: MODEL, tools: [bash], system: plainSystem, messages: kept }).cacheReadTokens).toBe(tokensOf([bash, ...plainSystem, a, b]));
  });

  it("looks back 20 blocks from a breakpoint for an earlier prefix, and no further", () => {
    // Ten rounds later the old breakpoint is 20 blocks back: found. Eleven rounds: 22 blocks back, missed.
    const noSystemBreakpoint = [{ type: "text" as const, text: STABLE }];
    const start = conversation(0);
    const within = new PromptCache();
    within.account(request(start, { system: noSystemBreakpoint }));
    const ten = within.account(request(conversation(10), { system: noSystemBreakpoint }));
    expect(ten.cacheReadTokens).toBe(prefix(start, 1, noSystemBreakpoint));

    const beyond = new PromptCache();
    beyond.account(request(start, { system: noSystemBreakpoint }));
    const eleven = beyond.account(request(conversation(11), { system: noSystemBreakpoint }));
    expect(eleven.cacheReadTokens).toBe(0);
    expect(eleven.cacheWriteTokens).toBe(prefix(conversation(11), 23, noSystemBreakpoint));
  });

  it("with a breakpoint at the end of system, a long jump still reads the stable prefix", () => {
    const cache = new PromptCache();
    cache.account(request(conversation(0)));
    const figures = cache.account(request(conversation(11)));
    expect(figures.cacheReadTokens).toBe(tokensOf([bash, ...system]));
    expect(figures.cacheWriteTokens).toBe(prefix(conversation(11)) - tokensOf([bash, ...system]));
  });

  it("a prefix shorter than the model's minimum caches nothing, and is no error", () => {
    const cache = new PromptCache();
    const short = { model: MODEL, system: [{ type: "text", text: "Be brief.", cache_control: EPHEMERAL }], messages: [say("user", 0)] };
    const total = totalOf(short);
    expect(cache.account(short)).toEqual({ cacheReadTokens: 0, cacheWriteTokens: 0, inputTokens: total, totalTokens: total });
    expect(cache.account(short)).toEqual({ cacheReadTokens: 0, cacheWriteTokens: 0, inputTokens: total, totalTokens: total });
  });

  it("the minimum depends on the model: ~1900 tokens are enough for Sonnet 4.5, not for Haiku 4.5", () => {
    const cache = new PromptCache();
    const messages = conversation(1);
    expect(cache.account(request(messages, { model: "claude-haiku-4-5" })).cacheWriteTokens).toBe(0);
    expect(cache.account(request(messages, { model: "claude-sonnet-4-5" })).cacheWriteTokens).toBe(prefix(messages));
    expect(minimumCacheableTokens("claude-opus-4-6")).toBe(4096);
    expect(minimumCacheableTokens("claude-sonnet-4-6")).toBe(2048);
    expect(minimumCacheableTokens("claude-3-5-haiku-20241022")).toBe(2048);
    expect(minimumCacheableTokens("claude-opus-4-1-20250805")).toBe(1024);
    expect(minimumCacheableTokens("claude-sonnet-4-20250514")).toBe(1024);
  });

  it("a short breakpoint is skipped while a later, long enough one is written", () => {
    const cache = new PromptCache();
    const shortSystem = [{ type: "text" as const, text: "Be brief.", cache_control: EPHEMERAL }];
    const messages = conversation(8);
    const figures = cache.account(request(messages, { system: shortSystem }));
    expect(figures.cacheWriteTokens).toBe(prefix(messages, messages.length, shortSystem));
  });

  it("the cache is per model: another model reads nothing of it", () => {
    const cache = new PromptCache();
    const messages = conversation(1);
    cache.account(request(messages));
    const other = cache.account(request(messages, { model: "claude-sonnet-4-5" }));
    expect(other).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: prefix(messages) });
    expect(cache.account(request(messages)).cacheReadTokens).toBe(prefix(messages));
  });

  it("an entry lives 5 minutes after its last use; a read keeps it alive", () => {
    const clock = fakeClock();
    const cache = new PromptCache({ now: clock.now });
    const same = request(conversation(1));
    cache.account(same);
    clock.advance(4 * MINUTE);
    expect(cache.account(same).cacheReadTokens).toBe(prefix(conversation(1)));
    clock.advance(4 * MINUTE); // 8 minutes after the write, 4 after the read
    expect(cache.account(same).cacheReadTokens).toBe(prefix(conversation(1)));
    clock.advance(5 * MINUTE);
    expect(cache.account(same)).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: prefix(conversation(1)) });
  });

  it('ttl "1h" keeps an entry for an hour', () => {
    const clock = fakeClock();
    const cache = new PromptCache({ now: clock.now });
    const hourly = request(conversation(0), { system: [{ type: "text", text: STABLE, cache_control: { type: "ephemeral", ttl: "1h" } }] });
    cache.account(hourly);
    clock.advance(59 * MINUTE);
    // The system prefix (1h) is still there; the message breakpoint (5m) expired long ago.
    expect(cache.account(hourly)).toMatchObject({
      cacheReadTokens: tokensOf([bash, ...system]),
      cacheWriteTokens: prefix(conversation(0)) - tokensOf([bash, ...system]),
    });
    clock.advance(61 * MINUTE);
    expect(cache.account(hourly).cacheReadTokens).toBe(0);
  });

  it("a breakpoint in a tool result's own content marks the result block", () => {
    const cache = new PromptCache();
    const messages: MessageParam[] = [
      say("user", 0),
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "bash", input: { command: "ls" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "a.txt", cache_control: EPHEMERAL }] }] },
    ];
    const plainSystem = [{ type: "text" as const, text: STABLE }];
    const figures = cache.account({ model: MODEL, tools: [bash], system: plainSystem, messages });
    const unmarked = { type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "a.txt" }] };
    expect(figures.cacheWriteTokens).toBe(tokensOf([bash, ...plainSystem, ...blocksOf(messages.slice(0, 2)), unmarked]));
  });

  it("read and write never exceed the whole prompt, whatever its shape", () => {
    const cache = new PromptCache();
    // String system and string content: counted as sent, as strings.
    const stringy = { model: MODEL, system: STABLE, messages: [{ role: "user", content: "go" }] };
    const marked = { ...stringy, messages: [{ role: "user", content: [{ type: "text", text: "go", cache_control: EPHEMERAL }] }] };
    for (const r of [stringy, marked, marked]) {
      const f = cache.account(r);
      expect(f.inputTokens + f.cacheReadTokens + f.cacheWriteTokens).toBe(f.totalTokens);
      expect(f.inputTokens).toBeGreaterThanOrEqual(0);
    }
    expect(cache.account(marked).cacheReadTokens).toBeGreaterThan(1500);
  });
});

// ---------------------------------------------------------------------------------------------

function clientFor(sim: Simulator): Anthropic {
  return new Anthropic({ apiKey: "test", baseURL: "http://simulator.invalid", fetch: sim.fetch, maxRetries: 0 });
}

const script = (yaml: string) => parseScript(yaml, "cache.yaml");
const answers = (n: number) => script(`turns:\n  - repeat: ${n}\n    content: [ { type: text, text: "Done." } ]\n`);
const as = (agent: string) => ({ headers: { [AGENT_HEADER]: agent } });

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Anthropic.BadRequestError);
  return ((error as APIError).error as { error: { message: string } }).error.message;
}

describe("the simulator reports cache figures in usage", () => {
  it("writes, then reads, through the real SDK (non-streaming)", async () => {
    const sim = new Simulator(answers(3));
    const client = clientFor(sim);
    const first = await client.messages.create(request(conversation(1)));
    expect(first.usage).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: prefix(conversation(1)) });
    expect(first.usage.input_tokens).toBe(totalOf(request(conversation(1))) - prefix(conversation(1)));
    const second = await client.messages.create(request(conversation(2)));
    expect(second.usage).toMatchObject({
      cache_read_input_tokens: prefix(conversation(1)),
      cache_creation_input_tokens: prefix(conversation(2)) - prefix(conversation(1)),
      input_tokens: totalOf(request(conversation(2))) - prefix(conversation(2)),
    });
  });

  it("a request without breakpoints reports all of its input as input, as before", async () => {
    const sim = new Simulator(answers(2));
    const plain = { model: MODEL, max_tokens: 100, tools: [bash], messages: conversation(1) };
    for (let i = 0; i < 2; i++) {
      const { usage } = await clientFor(sim).messages.create(plain);
      expect(usage).toMatchObject({ input_tokens: totalOf(plain), cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
    }
  });

  it("messages.stream() carries the same figures, in message_start and at the end", async () => {
    const sim = new Simulator(answers(2));
    const client = clientFor(sim);
    await client.messages.create(request(conversation(1)));
    const stream = client.messages.stream(request(conversation(2)));
    const starts: Message[] = [];
    stream.on("streamEvent", (event) => {
      if (event.type === "message_start") starts.push(event.message);
    });
    const final = await stream.finalMessage();
    const expected = {
      input_tokens: totalOf(request(conversation(2))) - prefix(conversation(2)),
      cache_read_input_tokens: prefix(conversation(1)),
      cache_creation_input_tokens: prefix(conversation(2)) - prefix(conversation(1)),
    };
    expect(starts[0]!.usage).toMatchObject(expected);
    expect(final.usage).toMatchObject(expected);
  });

  it("one cache for every agent, and restart() does not clear it", async () => {
    const sim = new Simulator(script(`
turns:
  - content: [ { type: text, text: "Done." } ]
  - agent: reviewer
    content: [ { type: text, text: "Looks fine." } ]
  - content: [ { type: text, text: "Again." } ]
`));
    const client = clientFor(sim);
    const same = request(conversation(1));
    expect((await client.messages.create(same)).usage.cache_read_input_tokens).toBe(0);
    expect((await client.messages.create(same, as("reviewer"))).usage.cache_read_input_tokens).toBe(prefix(conversation(1)));
    sim.restart();
    expect((await client.messages.create(same)).usage.cache_read_input_tokens).toBe(prefix(conversation(1)));
  });

  it("an error or a dropped connection writes nothing", async () => {
    const sim = new Simulator(script(`
turns:
  - error: { status: 529, type: overloaded_error, message: Overloaded }
  - disconnect: true
  - content: [ { type: text, text: "Done." } ]
`));
    const client = clientFor(sim);
    const same = request(conversation(1));
    await expect(client.messages.create(same)).rejects.toThrow(/Overloaded/);
    await expect(client.messages.create(same)).rejects.toThrow();
    const answered = await client.messages.create(same);
    expect(answered.usage).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: prefix(conversation(1)) });
  });

  it("the clock option expires entries without waiting", async () => {
    const clock = fakeClock();
    const sim = new Simulator(answers(2), { now: clock.now });
    const client = clientFor(sim);
    const same = request(conversation(1));
    await client.messages.create(same);
    clock.advance(5 * MINUTE);
    const later = await client.messages.create(same);
    expect(later.usage).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: prefix(conversation(1)) });
  });
});

describe("cache_control is checked like the real API does", () => {
  it("more than 4 breakpoints is a 400, counted over tools, system and messages", async () => {
    const sim = new Simulator(answers(1));
    const tools = [{ ...bash, cache_control: EPHEMERAL }];
    const twoSystem: TextBlockParam[] = [
      { type: "text", text: "one", cache_control: EPHEMERAL },
      { type: "text", text: "two", cache_control: EPHEMERAL },
    ];
    const messages: MessageParam[] = [
      { role: "user", content: [{ type: "text", text: "a", cache_control: EPHEMERAL }] },
      { role: "assistant", content: "ok" },
      { role: "user", content: [{ type: "text", text: "b", cache_control: EPHEMERAL }] },
    ];
    const body = { model: MODEL, max_tokens: 100, tools, system: twoSystem, messages };
    expect(await rejection(clientFor(sim).messages.create(body))).toBe("A maximum of 4 blocks with cache_control may be provided. Found 5.");
    expect(sim.requests[0]!.status).toBe(400);
    // Four is allowed.
    const four = await clientFor(sim).messages.create({ ...body, tools: [bash] });
    expect(four.stop_reason).toBe("end_turn");
  });

  it("checks the shape of cache_control wherever it sits", async () => {
    const sim = new Simulator(answers(1));
    const client = clientFor(sim);
    const bad = (cache_control: unknown) => ({ type: "text", text: "hi", cache_control }) as TextBlockParam;
    const user = (block: TextBlockParam): MessageParam[] => [{ role: "user", content: [block] }];
    const base = { model: MODEL, max_tokens: 100 };
    expect(await rejection(client.messages.create({ ...base, messages: user(bad({ type: "persistent" })) }))).toBe(
      "messages.0.content.0.cache_control.type: Input should be 'ephemeral'",
    );
    expect(await rejection(client.messages.create({ ...base, messages: user(bad({ type: "ephemeral", ttl: "10m" })) }))).toBe(
      "messages.0.content.0.cache_control.ttl: Input should be '5m' or '1h'",
    );
    expect(await rejection(client.messages.create({ ...base, system: [bad({ type: "ephemeral", scope: "global" })], messages: user(bad(null)) }))).toBe(
      "system.0.cache_control.scope: Extra inputs are not permitted",
    );
    expect(await rejection(client.messages.create({ ...base, tools: [{ ...bash, cache_control: "yes" } as never], messages: user(bad(null)) }))).toBe(
      "tools.0.cache_control: Input should be a valid dictionary",
    );
    // null is no breakpoint, and valid.
    expect((await client.messages.create({ ...base, messages: user(bad(null)) })).usage.cache_creation_input_tokens).toBe(0);
  });
});

describe("the usage line", () => {
  const plain = paletteFor({ isTTY: false });
  function lineFor(usage: Partial<Message["usage"]>): string {
    let written = "";
    const out = { isTTY: false, write: (chunk: string) => ((written += chunk), true) };
    const renderer = new TerminalRenderer(new Screen(out as never, { palette: plain }));
    renderer.modelEnd({ usage, stop_reason: "end_turn" } as Message);
    return written.trim();
  }

  it("is unchanged when nothing was cached", () => {
    expect(lineFor({ input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 })).toBe("[tokens: 10 in, 5 out]");
    expect(lineFor({ input_tokens: 10, output_tokens: 5 })).toBe("[tokens: 10 in, 5 out]");
  });

  it("shows the whole input and the cached part of it", () => {
    expect(lineFor({ input_tokens: 312, output_tokens: 56, cache_read_input_tokens: 9800, cache_creation_input_tokens: 120 })).toBe(
      "[tokens: 10232 in (9800 cache read, 120 cache write), 56 out]",
    );
    expect(lineFor({ input_tokens: 4, output_tokens: 7, cache_read_input_tokens: 0, cache_creation_input_tokens: 2000 })).toBe(
      "[tokens: 2004 in (0 cache read, 2000 cache write), 7 out]",
    );
  });
});

describe("exports", () => {
  it("PromptCache is part of @learn/core/simulator", () => {
    expect(simulator.PromptCache).toBe(PromptCache);
  });
});
