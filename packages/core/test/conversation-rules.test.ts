/**
 * The conversation rules, once: each broken rule is named in the real API's words, and the
 * simulator answers a request that breaks it with that very message (through the real SDK).
 * A history between turns may end with the model's answer; a request may not.
 */
import Anthropic, { type BadRequestError } from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { checkBreakpoints, checkConversation, MAX_BREAKPOINTS } from "../src/runtime/conversation-rules.ts";
import type { MessageParam } from "../src/runtime/protocol.ts";
import { parseScript } from "../src/simulator/load.ts";
import { Simulator } from "../src/simulator/index.ts";

const user = (content: MessageParam["content"]): MessageParam => ({ role: "user", content });
const assistant = (content: MessageParam["content"]): MessageParam => ({ role: "assistant", content });
const text = (value: string) => ({ type: "text" as const, text: value });
const call = (id: string) => ({ type: "tool_use" as const, id, name: "bash", input: { command: "ls" } });
const result = (id: string, content: string | { type: "text"; text: string }[] = "ok") => ({ type: "tool_result" as const, tool_use_id: id, content });

const valid: MessageParam[] = [user("go"), assistant([text("Looking."), call("toolu_a"), call("toolu_b")]), user([result("toolu_a"), result("toolu_b"), text("a reminder")])];

const broken: [string, MessageParam[], string][] = [
  ["an empty string", [user("")], "messages.0: all messages must have non-empty content except for the optional final assistant message"],
  ["an empty list", [user("go"), assistant([]), user("x")], "messages.1: all messages must have non-empty content except for the optional final assistant message"],
  ["a whitespace-only string", [user(" \n")], "messages.0.content: text content blocks must contain non-whitespace text"],
  ["an empty text block", [user([text("")])], "messages.0.content.0.text: text content blocks must be non-empty"],
  ["a whitespace-only text block", [user([text("go"), text("  ")])], "messages.0.content.1.text: text content blocks must contain non-whitespace text"],
  [
    "a blank text inside a tool result",
    [user("go"), assistant([call("toolu_a")]), user([result("toolu_a", [text(" ")])])],
    "messages.2.content.0.content.0.text: text content blocks must contain non-whitespace text",
  ],
  ["the assistant first", [assistant("hello"), user("hi")], 'messages.0.role: first message must use the "user" role'],
  ["two user messages in a row", [user("a"), user("b")], 'messages.1: roles must alternate between "user" and "assistant", but found multiple "user" roles in a row'],
  ["the assistant last", [user("a"), assistant("b")], 'messages.1: the last message must use the "user" role (the simulator does not accept an assistant prefill)'],
  [
    "a call not answered in the next message",
    [user("go"), assistant([call("toolu_a"), call("toolu_b")]), user([result("toolu_a")])],
    "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_b. Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
  ],
  [
    "a result for a call not made",
    [user("go"), assistant([call("toolu_a")]), user([result("toolu_a"), result("toolu_x")])],
    "messages.2.content.1: unexpected `tool_use_id` found in `tool_result` blocks: toolu_x. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
  ],
  [
    "two results for one call",
    [user("go"), assistant([call("toolu_a")]), user([result("toolu_a"), result("toolu_a")])],
    "messages.2.content.1: each tool_use must have a single result. Found multiple `tool_result` blocks with id: toolu_a",
  ],
  [
    "a result after a text block",
    [user("go"), assistant([call("toolu_a")]), user([text("note"), result("toolu_a")])],
    "messages.2.content.1: `tool_result` blocks must come first in a user message, but this one follows a text block (messages.2.content.0)",
  ],
  [
    "an id used by two calls",
    [user("go"), assistant([call("toolu_a")]), user([result("toolu_a")]), assistant([call("toolu_a")]), user([result("toolu_a")])],
    "messages.3.content.0: `tool_use` ids must be unique (duplicate: toolu_a)",
  ],
];

/** What the simulator answers `messages` with: its 400's message, or "200". */
async function simulatorAnswer(messages: MessageParam[], extra: Record<string, unknown> = {}): Promise<string> {
  const sim = new Simulator(parseScript(`turns: [ { content: [ { type: text, text: "ok" } ] } ]`));
  const client = new Anthropic({ apiKey: "test", baseURL: "http://simulator.invalid", fetch: sim.fetch, maxRetries: 0 });
  const answer = await client.messages.create({ model: "claude-sim", max_tokens: 100, messages, ...extra } as never).catch((e: unknown) => e);
  return answer instanceof Anthropic.BadRequestError ? ((answer as BadRequestError).error as { error: { message: string } }).error.message : "200";
}

describe("checkConversation", () => {
  it("accepts a conversation that keeps every rule, and so does the simulator", async () => {
    expect(checkConversation(valid)).toBeUndefined();
    expect(await simulatorAnswer(valid)).toBe("200");
  });

  for (const [what, messages, problem] of broken) {
    it(`names ${what} in the API's words, as the simulator does`, async () => {
      expect(checkConversation(messages)).toBe(problem);
      expect(await simulatorAnswer(messages)).toBe(problem);
    });
  }

  it("a history between turns may end with the answer, never with an unanswered call", () => {
    const history = [...valid, assistant("Done.")];
    expect(checkConversation(history)).toMatch(/^messages\.3: the last message must use the "user" role/);
    expect(checkConversation(history, { lastRole: "any" })).toBeUndefined();
    expect(checkConversation([], { lastRole: "any" })).toBeUndefined();
    expect(checkConversation([])).toBe("messages: at least one message is required");
    expect(checkConversation([...valid, assistant([call("toolu_c")])], { lastRole: "any" })).toBe(
      "messages.3: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_c. Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
    );
  });
});

describe("checkBreakpoints", () => {
  const mark = { cache_control: { type: "ephemeral" as const } };
  const marked = (n: number) => Array.from({ length: n }, (_, i) => ({ ...text(`block ${i}`), ...mark }));

  it(`allows ${MAX_BREAKPOINTS}, counted over tools, system, messages and tool results' own blocks`, async () => {
    const tools = [{ name: "bash", input_schema: { type: "object" }, ...mark }];
    const system = marked(1);
    const messages = [user("go"), assistant([call("toolu_a")]), user([{ ...result("toolu_a", marked(1)), ...mark }])];
    expect(checkBreakpoints({ tools, system, messages })).toBeUndefined();
    expect(await simulatorAnswer(messages, { tools, system })).toBe("200");

    const one = [...messages.slice(0, 2), user([result("toolu_a", marked(2)), ...marked(1)])];
    const problem = "A maximum of 4 blocks with cache_control may be provided. Found 5.";
    expect(checkBreakpoints({ tools, system, messages: one })).toBe(problem);
    expect(await simulatorAnswer(one, { tools, system })).toBe(problem);
  });
});
