/**
 * What today's API accepts beyond the course's own requests, as Claude Code sends it: system
 * turns inside `messages` under the per-turn-control beta, context editing under its beta,
 * output_config, adaptive thinking, deferred tools, a 128k output budget — and what it still
 * refuses (a system turn without the beta, first, between a tool call and its result, not text).
 * Through the real SDK, whose `betas` option sends the anthropic-beta header.
 */
import Anthropic, { type BadRequestError } from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { parseScript } from "../src/simulator/load.ts";
import { Simulator } from "../src/simulator/index.ts";

const PER_TURN = "per-turn-control-2026-07-01";
const CONTEXT = "context-management-2025-06-27";
const bash = { name: "Bash", input_schema: { type: "object", properties: { command: { type: "string" } } } };
const deferred = { name: "CronCreate", description: "later", input_schema: { type: "object", properties: {} }, defer_loading: true };
const user = (content: unknown) => ({ role: "user", content });
const assistant = (content: unknown) => ({ role: "assistant", content });
const system = (content: unknown) => ({ role: "system", content });
const text = (value: string) => ({ type: "text", text: value });
const call = (id: string) => ({ type: "tool_use", id, name: "Bash", input: { command: "ls" } });
const result = (id: string) => ({ type: "tool_result", tool_use_id: id, content: "ok" });

/** A request shaped like Claude Code 2.1.328's first one (trimmed). */
const claudeCodeLike = {
  model: "claude-sim",
  max_tokens: 128000,
  system: [text("You are a Claude agent.")],
  tools: [bash, deferred],
  metadata: { user_id: "{\"session_id\":\"s1\"}" },
  thinking: { type: "adaptive", display: "omitted" },
  context_management: { edits: [{ type: "clear_thinking_20251015", keep: "all" }] },
  output_config: { effort: "medium" },
  messages: [user([text("<system-reminder>attribution</system-reminder>"), text("list the files")]), { ...system([text("# Environment\nPrimary working directory: /tmp/x")]), output_config: { effort: "medium" } }],
};

const firstPrompt = `turns: [ { expect: { lastUserIncludes: "list the files", messageCount: { max: 1 } }, content: [ { type: text, text: "ok" } ] } ]`;

function setup(script = firstPrompt) {
  const sim = new Simulator(parseScript(script));
  const client = new Anthropic({ apiKey: "test", baseURL: "http://simulator.invalid", fetch: sim.fetch, maxRetries: 0 });
  return { sim, client };
}

// A timeout of our own: the SDK refuses to wait for a 128k answer without streaming otherwise.
const send = (client: Anthropic, body: unknown, betas = [PER_TURN, CONTEXT]) =>
  client.beta.messages.create({ ...(body as object), betas } as never, { timeout: 60_000 }) as Promise<{ content: unknown }>;

describe("system turns and today's request fields", () => {
  it("accepts Claude Code's request, and the script reads its last user message past the system turn", async () => {
    const { sim, client } = setup();
    const message = await send(client, claudeCodeLike);
    expect(message.content).toEqual([{ type: "text", text: "ok", citations: null }]);
    expect(sim.requests[0]!.body).toMatchObject({ messages: [{ role: "user" }, { role: "system" }] });
  });

  it("accepts a system turn after a tool_result, before the next model turn", async () => {
    const { client } = setup(`turns: [ { content: [ { type: text, text: "done" } ] } ]`);
    const body = { ...claudeCodeLike, messages: [user("go"), system("env"), assistant([call("toolu_a")]), user([result("toolu_a")]), system("PostToolUse hook said: fine")] };
    await expect(send(client, body)).resolves.toMatchObject({ content: [{ type: "text", text: "done" }] });
  });

  const refused: Array<[string, unknown, string[] | undefined, string]> = [
    ["a system turn without the beta", { ...claudeCodeLike, messages: [user("hi"), system("env")] }, [CONTEXT], "messages.1.role: Input should be 'user' or 'assistant'"],
    ["a system turn's output_config without the beta", claudeCodeLike, [CONTEXT], "messages.1.output_config: Extra inputs are not permitted"],
    ["context_management without its beta", claudeCodeLike, [PER_TURN], "context_management: Extra inputs are not permitted"],
    ["a system turn first", { ...claudeCodeLike, messages: [system("env"), user("hi")] }, undefined, 'messages.0.role: first message must use the "user" role, not "system"'],
    [
      "a system turn between a tool_use and its tool_result",
      { ...claudeCodeLike, messages: [user("go"), assistant([call("toolu_a")]), system("note"), user([result("toolu_a")])] },
      undefined,
      "messages.2: a system message cannot come between a `tool_use` block and its `tool_result`",
    ],
    ["an image in a system turn", { ...claudeCodeLike, messages: [user("hi"), system([{ type: "image", source: { type: "base64", media_type: "image/png", data: "x" } }])] }, undefined, "messages.1.content.0: `image` blocks are not allowed in system messages"],
    ["two user messages around a system turn (it does not count for alternation)", { ...claudeCodeLike, messages: [user("a"), system("env"), user("b")] }, undefined, 'messages.2: roles must alternate between "user" and "assistant"'],
    ["an assistant message as the last non-system message", { ...claudeCodeLike, messages: [user("a"), assistant("b"), system("env")] }, undefined, 'messages.1: the last message must use the "user" role'],
    ["output_config on a user message", { ...claudeCodeLike, messages: [{ ...user("hi"), output_config: { effort: "low" } }] }, undefined, "messages.0.output_config: Extra inputs are not permitted"],
    ["an unknown effort on a system turn", { ...claudeCodeLike, messages: [user("hi"), { ...system("env"), output_config: { effort: "huge" } }] }, undefined, "messages.1.output_config.effort: Input should be"],
    ["an unknown effort", { ...claudeCodeLike, output_config: { effort: "extreme" } }, undefined, "output_config.effort: Input should be"],
    ["an unknown thinking type", { ...claudeCodeLike, thinking: { type: "deep" } }, undefined, "thinking: Input tag 'deep' found using 'type'"],
  ];

  it("accepts the beta endpoint's thinking display `updates`, which Claude Code sends at a terminal", async () => {
    const { client } = setup();
    const body = { ...claudeCodeLike, thinking: { type: "adaptive", display: "updates" } };
    await expect(send(client, body)).resolves.toMatchObject({ content: [{ type: "text", text: "ok" }] });
  });

  it("refuses the display `updates` outside the beta endpoint, as the API does", async () => {
    const { client } = setup();
    const { context_management: _beta, messages: _turns, ...plain } = claudeCodeLike;
    const body = { ...plain, messages: [user("list the files")], thinking: { type: "adaptive", display: "updates" } };
    const error = (await client.messages.create(body as never, { timeout: 60_000 }).catch((e: unknown) => e)) as BadRequestError;
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.message).toContain("thinking.adaptive.display: Input should be 'summarized' or 'omitted'");
  });

  it.each(refused)("refuses %s", async (_name, body, betas, expected) => {
    const { sim, client } = setup();
    const error = (await send(client, body, betas).catch((e: unknown) => e)) as BadRequestError;
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.message).toContain(JSON.stringify(expected).slice(1, -1));
    expect(sim.remaining()).toBe(1);
  });
});
