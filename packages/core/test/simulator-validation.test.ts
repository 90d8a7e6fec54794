/**
 * The simulator rejects what the real API rejects (and a little more, where the course's
 * protocol invariants demand it), with a 400 and a precise, path-qualified message.
 * Every request goes through the real SDK.
 */
import Anthropic, { type APIError, type BadRequestError } from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { parseScript } from "../src/simulator/load.ts";
import { Simulator } from "../src/simulator/index.ts";

const MODEL = "claude-sim";
const bash = { name: "bash", input_schema: { type: "object", properties: { command: { type: "string" } } } };
const user = (content: unknown) => ({ role: "user", content });
const assistant = (content: unknown) => ({ role: "assistant", content });
const text = (value: string) => ({ type: "text", text: value });
const call = (id: string) => ({ type: "tool_use", id, name: "bash", input: { command: "ls" } });
const result = (id: string) => ({ type: "tool_result", tool_use_id: id, content: "ok" });

const base = { model: MODEL, max_tokens: 100, tools: [bash], messages: [user("hi")] };
/** The base request with some fields replaced (undefined removes a field). */
const withFields = (fields: Record<string, unknown>) => ({ ...base, ...fields });
const withMessages = (...messages: unknown[]) => withFields({ messages });
const without = (key: keyof typeof base) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key));

const script = parseScript(`turns: [ { content: [ { type: text, text: "ok" } ] } ]`);

function setup() {
  const sim = new Simulator(script);
  const client = new Anthropic({ apiKey: "test", baseURL: "http://simulator.invalid", fetch: sim.fetch, maxRetries: 2 });
  return { sim, client };
}

const cases: Array<[string, unknown, string]> = [
  // model
  ["model missing", without("model"), "model: Field required"],
  ["model empty", withFields({ model: "" }), "model: String should have at least 1 character"],
  ["model not a string", withFields({ model: 42 }), "model: Input should be a valid string"],
  // max_tokens
  ["max_tokens missing", without("max_tokens"), "max_tokens: Field required"],
  ["max_tokens not an integer", withFields({ max_tokens: 1.5 }), "max_tokens: Input should be a valid integer"],
  ["max_tokens below 1", withFields({ max_tokens: 0 }), "max_tokens: Input should be greater than or equal to 1"],
  // messages
  ["messages missing", without("messages"), "messages: Field required"],
  ["messages not a list", withFields({ messages: "hi" }), "messages: Input should be a valid list"],
  ["messages empty", withMessages(), "messages: at least one message is required"],
  ["bad role", withMessages({ role: "system", content: "hi" }), "messages.0.role: Input should be 'user' or 'assistant'"],
  ["empty string content", withMessages(user("")), "messages.0: all messages must have non-empty content"],
  ["whitespace-only string content", withMessages(user("  ")), "messages.0.content: text content blocks must contain non-whitespace text"],
  ["empty content list", withMessages(user([])), "messages.0: all messages must have non-empty content"],
  ["content neither string nor list", withMessages(user(7)), "messages.0.content: Input should be a valid string or a list of content blocks"],
  ["empty text block", withMessages(user([text("")])), "messages.0.content.0.text: text content blocks must be non-empty"],
  ["whitespace-only text block", withMessages(user([text(" \n")])), "messages.0.content.0.text: text content blocks must contain non-whitespace text"],
  ["unknown block type", withMessages(user([{ type: "video", url: "x" }])), "messages.0.content.0: Input tag 'video' found using 'type' does not match any of the expected tags"],
  ["text without string text", withMessages(user([{ type: "text", text: 3 }])), "messages.0.content.0.text: Input should be a valid string"],
  ["unknown field in a block", withMessages(user([{ type: "text", text: "hi", colour: "red" }])), "messages.0.content.0.colour: Extra inputs are not permitted"],
  ["tool_use without id", withMessages(user("go"), assistant([{ type: "tool_use", name: "bash", input: {} }]), user("x")), "messages.1.content.0.id: Field required"],
  ["tool_use without name", withMessages(user("go"), assistant([{ type: "tool_use", id: "toolu_a", input: {} }]), user("x")), "messages.1.content.0.name: Field required"],
  ["tool_use input not an object", withMessages(user("go"), assistant([{ ...call("toolu_a"), input: "ls" }]), user("x")), "messages.1.content.0.input: Input should be a valid dictionary"],
  ["tool_result without tool_use_id", withMessages(user("go"), assistant([call("toolu_a")]), user([{ type: "tool_result", content: "ok" }])), "messages.2.content.0.tool_use_id: Field required"],
  ["empty text inside a tool_result", withMessages(user("go"), assistant([call("toolu_a")]), user([{ ...result("toolu_a"), content: [text("")] }])), "messages.2.content.0.content.0.text: text content blocks must be non-empty"],
  // system
  ["system not a string or list", withFields({ system: 5 }), "system: Input should be a valid string or a list of text blocks"],
  ["system block without text", withFields({ system: [{ type: "text" }] }), "system.0.text: Field required"],
  // tools
  ["tools not a list", withFields({ tools: "bash" }), "tools: Input should be a valid list"],
  ["tool name with a space", withFields({ tools: [{ ...bash, name: "run shell" }] }), "tools.0.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'"],
  ["tool name too long", withFields({ tools: [{ ...bash, name: "x".repeat(65) }] }), "tools.0.name: String should match pattern"],
  ["duplicate tool names", withFields({ tools: [bash, bash] }), 'tools: Tool names must be unique (duplicate: "bash")'],
  ["input_schema not an object type", withFields({ tools: [{ name: "bash", input_schema: { type: "array" } }] }), "tools.0.input_schema.type: Input should be 'object'"],
  ["input_schema missing", withFields({ tools: [{ name: "bash" }] }), "tools.0.input_schema: Field required"],
  // top level
  ["unknown top-level key", withFields({ temprature: 0.5 }), "temprature: Extra inputs are not permitted"],
  // conversation rules
  ["first message from the assistant", withMessages(assistant("hello"), user("hi")), 'messages.0.role: first message must use the "user" role'],
  ["two user messages in a row", withMessages(user("a"), user("b")), 'messages.1: roles must alternate between "user" and "assistant", but found multiple "user" roles in a row'],
  ["last message from the assistant", withMessages(user("a"), assistant("b")), 'messages.1: the last message must use the "user" role'],
  ["tool_use in a user message", withMessages(user([call("toolu_a")])), "messages.0.content.0: `tool_use` blocks are not allowed in user messages"],
  ["tool_result in an assistant message", withMessages(user("a"), assistant([result("toolu_a")]), user("b")), "messages.1.content.0: `tool_result` blocks are not allowed in assistant messages"],
  [
    "tool_use not answered in the next message",
    withMessages(user("go"), assistant([call("toolu_a"), call("toolu_b")]), user([result("toolu_a")])),
    "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_b. Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
  ],
  [
    "tool_result for an id not asked for",
    withMessages(user("go"), assistant([call("toolu_a")]), user([result("toolu_a"), result("toolu_x")])),
    "messages.2.content.1: unexpected `tool_use_id` found in `tool_result` blocks: toolu_x. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
  ],
  [
    "duplicate tool_result",
    withMessages(user("go"), assistant([call("toolu_a")]), user([result("toolu_a"), result("toolu_a")])),
    "messages.2.content.1: each tool_use must have a single result. Found multiple `tool_result` blocks with id: toolu_a",
  ],
  [
    "tool_result after a text block",
    withMessages(user("go"), assistant([call("toolu_a")]), user([text("note"), result("toolu_a")])),
    "messages.2.content.1: `tool_result` blocks must come first in a user message, but this one follows a text block",
  ],
  [
    "duplicate tool_use ids",
    withMessages(user("go"), assistant([call("toolu_a"), call("toolu_a")]), user([result("toolu_a")])),
    "messages.1.content.1: `tool_use` ids must be unique (duplicate: toolu_a)",
  ],
];

describe("request validation", () => {
  it.each(cases)("rejects %s", async (_name, body, expected) => {
    const { sim, client } = setup();
    const error = await client.messages.create(body as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    const bad = error as BadRequestError;
    expect(bad.status).toBe(400);
    // The SDK puts the whole error body, JSON-encoded, into `message`.
    expect(bad.message).toContain(JSON.stringify(expected).slice(1, -1));
    expect(bad.error).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
    expect(sim.remaining()).toBe(1); // a rejected request consumes no turn
  });

  it("answers in the real API's error format", async () => {
    const { sim, client } = setup();
    const error = (await client.messages.create(without("model") as never).catch((e: unknown) => e)) as BadRequestError;
    expect(error.error).toEqual({
      type: "error",
      error: { type: "invalid_request_error", message: "model: Field required" },
      request_id: error.requestID,
    });
    expect(error.requestID).toMatch(/^req_sim_/);
    expect(sim.requests[0]).toMatchObject({ agent: "lead", status: 400, response: error.error });
  });

  it("accepts the optional fields the real API accepts", async () => {
    const { client } = setup();
    const cache = { type: "ephemeral" };
    const body = withFields({
      system: [{ type: "text", text: "You are a coding agent.", cache_control: cache }],
      temperature: 0,
      metadata: { user_id: "u1" },
      tool_choice: { type: "auto" },
      tools: [{ ...bash, description: "Run a command", cache_control: cache }],
      messages: [
        user([{ type: "text", text: "go", cache_control: cache }]),
        assistant([{ type: "text", text: "running", citations: null }, { ...call("toolu_a"), caller: { type: "direct" } }]),
        user([{ ...result("toolu_a"), is_error: true, cache_control: cache }, text("and a reminder after the results")]),
      ],
    });
    const message = await client.messages.create(body as never);
    expect(message.content).toEqual([{ type: "text", text: "ok", citations: null }]);
  });

  it("answers 404 for other endpoints", async () => {
    const { sim, client } = setup();
    const error = await client.models.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect((error as APIError).error).toMatchObject({ error: { type: "not_found_error" } });
    expect(sim.remaining()).toBe(1);
  });

  it("rejects a body that is not JSON", async () => {
    const { sim } = setup();
    const response = await sim.fetch("http://simulator.invalid/v1/messages", { method: "POST", body: "{not json" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error", message: expect.stringContaining("not valid JSON") } });
  });
});
