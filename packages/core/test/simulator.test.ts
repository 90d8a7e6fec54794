import Anthropic, { type APIError } from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { AGENT_HEADER } from "../src/runtime/protocol.ts";
import { parseScript } from "../src/simulator/load.ts";
import { Simulator } from "../src/simulator/index.ts";
import type { MessageParam, ToolSpec } from "../src/runtime/protocol.ts";

const BASE_URL = "http://simulator.invalid";
const MODEL = "claude-sim";
const bash: ToolSpec = {
  name: "bash",
  description: "Run a shell command",
  input_schema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
};

function clientFor(sim: Simulator, maxRetries = 2): Anthropic {
  return new Anthropic({ apiKey: "test", baseURL: BASE_URL, fetch: sim.fetch, maxRetries });
}

function ask(text: string, tools: ToolSpec[] = [bash]) {
  return { model: MODEL, max_tokens: 1000, tools, messages: [{ role: "user", content: text }] as MessageParam[] };
}

/** The 400 a request ends with; returns the message the simulator wrote. */
async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Anthropic.BadRequestError);
  const body = (error as APIError).error as { error: { message: string } };
  return body.error.message;
}

const script = (yaml: string) => parseScript(yaml, "test.yaml");

const helloScript = parseScript(`
prompt: "Create hello.js and run it"
turns:
  - content:
      - { type: text, text: "I'll write the file and run it." }
      - { type: tool_use, name: bash, input: { command: "node hello.js" } }
  - expect: { lastUserIncludes: "Hello Agent" }
    content:
      - { type: text, text: "It printed: Hello Agent" }
`);

describe("valid traffic", () => {
  it("serves a tool_use turn, accepts the tool_result, then a final answer", async () => {
    const sim = new Simulator(helloScript);
    const client = clientFor(sim);
    const params = ask("Create hello.js and run it");
    const first = await client.messages.create(params);
    expect(first).toMatchObject({ type: "message", role: "assistant", model: MODEL, stop_reason: "tool_use", stop_sequence: null });
    expect(first.id).toMatch(/^msg_sim_/);
    const call = first.content[1];
    expect(call).toMatchObject({ type: "tool_use", id: "toolu_sim_lead_0001", name: "bash", input: { command: "node hello.js" } });
    expect(first.usage.input_tokens).toBe(Math.ceil(JSON.stringify({ messages: params.messages, tools: params.tools }).length / 4));
    expect(first.usage.output_tokens).toBeGreaterThan(0);

    const messages: MessageParam[] = [
      ...params.messages,
      { role: "assistant", content: first.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_sim_lead_0001", content: "Hello Agent\n" }] },
    ];
    const second = await client.messages.create({ ...params, messages });
    expect(second.content).toEqual([{ type: "text", text: "It printed: Hello Agent", citations: null }]);
    expect(second.stop_reason).toBe("end_turn");
    expect(sim.remaining()).toBe(0);
    expect(sim.requests.map((r) => r.status)).toEqual([200, 200]);
  });
});

describe("streaming", () => {
  it("messages.stream() ends with the same message as create()", async () => {
    const yaml = `
turns:
  - content:
      - { type: text, text: "Let me look at the files first, then I'll run the tests — ünïcödé 🚀 included." }
      - { type: tool_use, name: bash, input: { command: "ls -la && npm test", env: { CI: "1" }, flags: [1, 2.5, true, null] } }
`;
    const created = await clientFor(new Simulator(script(yaml))).messages.create(ask("go"));
    const sim = new Simulator(script(yaml));
    const stream = clientFor(sim).messages.stream(ask("go"));
    const deltas: string[] = [];
    stream.on("text", (delta) => deltas.push(delta));
    const streamed = await stream.finalMessage();
    expect(streamed.content).toEqual(created.content);
    expect(streamed.stop_reason).toBe(created.stop_reason);
    expect(streamed.usage).toEqual(created.usage);
    expect(streamed.id).toBe(created.id);
    expect(deltas.length).toBeGreaterThan(1); // the text really arrived in pieces
    expect(sim.requests[0]?.response).toEqual(created);
  });

  it("sends real server-sent events", async () => {
    const sim = new Simulator(helloScript);
    const { data: events, response } = await clientFor(sim).messages.create({ ...ask("go"), stream: true }).withResponse();
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const types: string[] = [];
    for await (const event of events) types.push(event.type === "content_block_delta" ? event.delta.type : event.type);
    expect(types).toEqual([
      "message_start",
      "content_block_start", "text_delta", "text_delta", "text_delta", "content_block_stop",
      "content_block_start", "input_json_delta", "input_json_delta", "input_json_delta", "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
  });
});

describe("faults", () => {
  it("a scripted 529 is retried by the SDK, then succeeds", async () => {
    const sim = new Simulator(script(`
turns:
  - error: { status: 529, type: overloaded_error, message: Overloaded }
  - content: [ { type: text, text: "back again" } ]
`));
    const message = await clientFor(sim).messages.create(ask("hi"));
    expect(message.content).toMatchObject([{ text: "back again" }]);
    expect(sim.requests.map((r) => r.status)).toEqual([529, 200]);
    expect(sim.requests[0]?.response).toMatchObject({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
  });

  it("without retries, the fault reaches the caller as the SDK's typed error", async () => {
    const sim = new Simulator(script(`turns: [ { error: { status: 429, type: rate_limit_error, message: "Slow down" } } ]`));
    const error = await clientFor(sim, 0).messages.create(ask("hi")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect((error as APIError).headers?.get("retry-after-ms")).toBe("20");
  });

  it("a scripted error may give its own headers: the real API's retry-after in seconds, or none", async () => {
    const sim = new Simulator(script(`
turns:
  - error: { status: 529, type: overloaded_error, message: Overloaded, headers: { retry-after: "2" } }
  - error: { status: 503, type: api_error, message: Unavailable, headers: {} }
`));
    const first = (await clientFor(sim, 0).messages.create(ask("hi")).catch((e: unknown) => e)) as APIError;
    expect(first.headers?.get("retry-after")).toBe("2");
    expect(first.headers?.get("retry-after-ms")).toBeNull();
    const second = (await clientFor(sim, 0).messages.create(ask("hi")).catch((e: unknown) => e)) as APIError;
    expect(second.status).toBe(503);
    expect(second.headers?.get("retry-after")).toBeNull();
    expect(second.headers?.get("retry-after-ms")).toBeNull();
    expect(second.headers?.get("request-id")).toBe("req_sim_lead_0002");
  });

  it("a dropped connection is retried by the SDK", async () => {
    const sim = new Simulator(script(`
turns:
  - disconnect: true
  - content: [ { type: text, text: "reconnected" } ]
`));
    const message = await clientFor(sim).messages.create(ask("hi"));
    expect(message.content).toMatchObject([{ text: "reconnected" }]);
    expect(sim.requests.map((r) => r.status)).toEqual([0, 200]);
  });

  it("a dropped connection without retries is an APIConnectionError", async () => {
    const sim = new Simulator(script(`turns: [ { disconnect: true } ]`));
    const error = await clientFor(sim, 0).messages.create(ask("hi")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIConnectionError);
  });

  it("a delayed turn can be aborted by the caller", async () => {
    // The turn would answer long after the test's own time limit: an answer at all means the abort ended it (no clock read here).
    const sim = new Simulator(script(`turns: [ { delayMs: 600000, content: [ { type: text, text: "too late" } ] } ]`));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const error = await clientFor(sim).messages.create(ask("hi"), { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIUserAbortError);
    expect(sim.requests).toMatchObject([{ status: 0, response: { aborted: true } }]);
  });
});

describe("agents", () => {
  const twoAgents = `
turns:
  - content: [ { type: text, text: "lead 1" } ]
  - agent: alice
    content: [ { type: text, text: "alice 1" } ]
  - content: [ { type: text, text: "lead 2" } ]
  - agent: alice
    delayMs: 150
    content: [ { type: text, text: "alice 2" } ]
`;
  const asAlice = { headers: { [AGENT_HEADER]: "alice" } };
  const textOf = (m: Anthropic.Message) => (m.content[0]?.type === "text" ? m.content[0].text : "");

  it("serves each agent its own turns, in order", async () => {
    const sim = new Simulator(script(twoAgents));
    const client = clientFor(sim);
    expect(textOf(await client.messages.create(ask("hi"), asAlice))).toBe("alice 1");
    expect(textOf(await client.messages.create(ask("hi")))).toBe("lead 1");
    expect(sim.remaining("alice")).toBe(1);
    expect(sim.remaining("lead")).toBe(1);
    expect(sim.remaining()).toBe(2);
    expect(sim.requests.map((r) => r.agent)).toEqual(["alice", "lead"]);
  });

  it("a slow agent does not block another", async () => {
    const sim = new Simulator(script(twoAgents));
    const client = clientFor(sim);
    await client.messages.create(ask("hi"), asAlice);
    await client.messages.create(ask("hi"));
    const finished: string[] = [];
    const slow = client.messages.create(ask("hi"), asAlice).then((m) => finished.push(textOf(m)));
    const fast = client.messages.create(ask("hi")).then((m) => finished.push(textOf(m)));
    await Promise.all([slow, fast]);
    expect(finished).toEqual(["lead 2", "alice 2"]);
    expect(sim.remaining()).toBe(0);
  });

  it("an agent without turns is told so", async () => {
    const sim = new Simulator(script(twoAgents), { name: "demo/team.yaml" });
    const message = await rejection(clientFor(sim).messages.create(ask("hi"), { headers: { [AGENT_HEADER]: "bob" } }));
    expect(message).toBe('script demo/team.yaml has no turns for agent "bob" (agents in the script: lead, alice)');
  });
});

describe("expect and running out", () => {
  it("an expect mismatch says what was expected and what came, and keeps the turn", async () => {
    const sim = new Simulator(helloScript);
    const client = clientFor(sim);
    const first = await client.messages.create(ask("go"));
    const callId = (first.content[1] as Anthropic.ToolUseBlock).id;
    const answer = (output: string) => ({
      ...ask("go"),
      messages: [
        ...ask("go").messages,
        { role: "assistant", content: first.content },
        { role: "user", content: [{ type: "tool_result", tool_use_id: callId, content: output }] },
      ] as MessageParam[],
    });
    const message = await rejection(client.messages.create(answer("bash: node: command not found")));
    expect(message).toBe(
      'script turn 2 for agent "lead" (turns[1]): expected the last user message to include "Hello Agent", but it was: "bash: node: command not found"',
    );
    expect(sim.remaining()).toBe(1);
    const second = await client.messages.create(answer("Hello Agent"));
    expect(second.content).toMatchObject([{ text: "It printed: Hello Agent" }]);
  });

  it("long text in a mismatch is trimmed", async () => {
    const sim = new Simulator(script(`turns: [ { expect: { lastUserIncludes: needle }, content: [ { type: text, text: x } ] } ]`));
    const message = await rejection(clientFor(sim).messages.create(ask("hay ".repeat(1000))));
    expect(message.length).toBeLessThan(400);
    expect(message).toContain("chars cut");
  });

  it.each([
    ["systemIncludes: workspace", 'expected the system prompt to include "workspace", but the request had no system prompt'],
    ["toolsInclude: [bash, read_file]", "expected the tools to include read_file, but the request offered: bash"],
    ["messageCount: { min: 3 }", "expected at least 3 messages, but the request had 1"],
    ["messageCount: { max: 0 }", "expected at most 0 messages, but the request had 1"],
  ])("expect %s", async (matcher, expected) => {
    const sim = new Simulator(script(`turns: [ { expect: { ${matcher} }, content: [ { type: text, text: ok } ] } ]`));
    expect(await rejection(clientFor(sim).messages.create(ask("hi")))).toContain(expected);
  });

  it.each([
    ["model: claude-other", 'expected model "claude-other", but the request asked for "claude-sim"'],
    ["maxTokens: 4096", "expected max_tokens 4096, but the request had 1000"],
    ["maxTokens: { min: 2000 }", "expected max_tokens at least 2000, but the request had 1000"],
    ["maxTokens: { min: 10, max: 500 }", "expected max_tokens at least 10 and at most 500, but the request had 1000"],
    ["noTools: true", "expected no tools, but the request offered: bash"],
    ["lastToolResultIsError: false", 'expected the last user message to carry a tool_result, but it had none (it was: "hi")'],
  ])("expect %s", async (matcher, expected) => {
    const sim = new Simulator(script(`turns: [ { expect: { ${matcher} }, content: [ { type: text, text: ok } ] } ]`));
    expect(await rejection(clientFor(sim).messages.create(ask("hi")))).toContain(expected);
  });

  it.each([
    ["model: claude-sim", ask("hi")],
    ["maxTokens: 1000", ask("hi")],
    ["maxTokens: { min: 1000, max: 1000 }", ask("hi")],
    ["noTools: true", ask("hi", [])],
    ["noTools: false", ask("hi")],
  ])("expect %s matches", async (matcher, params) => {
    const sim = new Simulator(script(`turns: [ { expect: { ${matcher} }, content: [ { type: text, text: ok } ] } ]`));
    await expect(clientFor(sim).messages.create(params)).resolves.toMatchObject({ content: [{ text: "ok" }] });
  });

  it("expect noTools: false wants tools", async () => {
    const sim = new Simulator(script(`turns: [ { expect: { noTools: false }, content: [ { type: text, text: ok } ] } ]`));
    expect(await rejection(clientFor(sim).messages.create(ask("hi", [])))).toContain("expected some tools, but the request offered none");
  });

  it("a script that ran out says so", async () => {
    const sim = new Simulator(script(`turns: [ { content: [ { type: text, text: "only answer" } ] } ]`));
    const client = clientFor(sim);
    const first = await client.messages.create(ask("first"));
    const messages: MessageParam[] = [...ask("first").messages, { role: "assistant", content: first.content }, { role: "user", content: "second" }];
    const message = await rejection(client.messages.create({ ...ask("first"), messages }));
    expect(message).toBe('script has run out for agent "lead": all 1 of its turns were served, but another request came (last user message: "second")');
  });
});

describe("limits", () => {
  it("a prompt above the context limit is too long, and the turn waits", async () => {
    const sim = new Simulator(script(`
limits: { contextTokens: 100 }
turns: [ { content: [ { type: text, text: ok } ] } ]
`));
    const params = ask("x".repeat(1000), []);
    const tokens = Math.ceil(JSON.stringify({ messages: params.messages, tools: [] }).length / 4);
    const message = await rejection(clientFor(sim).messages.create(params));
    expect(message).toBe(`prompt is too long: ${tokens} tokens > 100 maximum`);
    expect(sim.remaining()).toBe(1);
    await expect(clientFor(sim).messages.create(ask("short"))).resolves.toMatchObject({ stop_reason: "end_turn" });
  });

  it("output above max_tokens is cut, and the tool call after the cut is dropped", async () => {
    const sim = new Simulator(script(`
turns:
  - content:
      - { type: text, text: "${"word ".repeat(20)}" }
      - { type: tool_use, name: bash, input: { command: ls } }
`));
    const message = await clientFor(sim).messages.create({ ...ask("hi"), max_tokens: 5 });
    expect(message.content).toEqual([{ type: "text", text: "word ".repeat(4), citations: null }]);
    expect(message.stop_reason).toBe("max_tokens");
    expect(message.usage.output_tokens).toBe(5);
  });

  it("a scripted stop_reason is sent as written", async () => {
    const sim = new Simulator(script(`turns: [ { stop_reason: max_tokens, content: [ { type: text, text: "a truncated ans" } ] } ]`));
    expect((await clientFor(sim).messages.create(ask("hi"))).stop_reason).toBe("max_tokens");
  });

  it("a scripted tool_use for a tool the request did not offer is refused", async () => {
    const sim = new Simulator(script(`turns: [ { content: [ { type: tool_use, name: write_file, input: { path: a.txt } } ] } ]`));
    const message = await rejection(clientFor(sim).messages.create(ask("hi")));
    expect(message).toBe('script turn 1 for agent "lead" (turns[0]): scripted a tool_use for tool "write_file", but the request offered only: bash');
    expect(sim.remaining()).toBe(1);
  });
});

/** A conversation where the model called bash and the harness answered with `result`. */
async function afterToolCall(client: Anthropic, result: { content: string; is_error?: boolean }) {
  const first = await client.messages.create(ask("copy it"));
  const call = first.content.find((b) => b.type === "tool_use")!;
  return {
    ...ask("copy it"),
    messages: [
      ...ask("copy it").messages,
      { role: "assistant", content: first.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, ...result }] },
    ] as MessageParam[],
  };
}

describe("repeat and oneOf", () => {
  it("repeat serves a turn that many times, each with fresh ids", async () => {
    const sim = new Simulator(script(`
turns:
  - repeat: 3
    content: [ { type: tool_use, name: bash, input: { command: ls } } ]
`));
    const client = clientFor(sim);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(((await client.messages.create(ask("hi"))).content[0] as Anthropic.ToolUseBlock).id);
    expect(ids).toEqual(["toolu_sim_lead_0001", "toolu_sim_lead_0002", "toolu_sim_lead_0003"]);
    expect(sim.remaining()).toBe(0);
  });

  const truthful = `
turns:
  - content: [ { type: tool_use, name: bash, input: { command: "cp a b" } } ]
  - oneOf:
      - expect: { lastToolResultIsError: true, lastUserIncludes: "Denied" }
        content: [ { type: text, text: "You denied the copy; nothing changed." } ]
      - expect: { lastToolResultIsError: false }
        content: [ { type: text, text: "Copied." } ]
`;
  const textOf = (m: Anthropic.Message) => (m.content[0]?.type === "text" ? m.content[0].text : "");

  it("oneOf serves the first alternative whose expect matches", async () => {
    const denied = new Simulator(script(truthful));
    const deniedClient = clientFor(denied);
    const deniedParams = await afterToolCall(deniedClient, { content: "Denied: you said no", is_error: true });
    expect(textOf(await deniedClient.messages.create(deniedParams))).toBe("You denied the copy; nothing changed.");

    const ran = new Simulator(script(truthful));
    const ranClient = clientFor(ran);
    expect(textOf(await ranClient.messages.create(await afterToolCall(ranClient, { content: "" })))).toBe("Copied.");
    expect(ran.remaining()).toBe(0);
  });

  it("when no alternative matches, the 400 says what each expected, and the turn waits", async () => {
    const sim = new Simulator(script(truthful));
    const client = clientFor(sim);
    const message = await rejection(client.messages.create(await afterToolCall(client, { content: "cp: a: No such file", is_error: true })));
    expect(message).toBe(
      'script turn 2 for agent "lead" (turns[1]): none of its 2 alternatives matched: ' +
        'oneOf[0] expected the last user message to include "Denied", but it was: "cp: a: No such file"; ' +
        'oneOf[1] expected the last tool_result to be not an error, but it was an error: "cp: a: No such file"',
    );
    expect(sim.remaining()).toBe(1);
  });
});

describe("an unknown first prompt", () => {
  const demo = `
prompt: [ "Create hello.js", "Now run it" ]
turns:
  - expect: { lastUserIncludes: "hello.js" }
    content: [ { type: text, text: ok } ]
`;

  it("says the offline model knows only the script's prompts, and how to get a real one", async () => {
    const sim = new Simulator(script(demo), { name: "demo/hello.yaml" });
    const message = await rejection(clientFor(sim).messages.create(ask("What is the weather?")));
    expect(message).toBe(
      'the offline model knows only the prompts of its script: "Create hello.js", "Now run it". ' +
        "Type them in that order (or /demo to send the next), or set ANTHROPIC_API_KEY in .env to talk to a real model. " +
        '(script turn 1 for agent "lead" (turns[0] of demo/hello.yaml): expected the last user message to include "hello.js", but it was: "What is the weather?")',
    );
  });

  it("a subagent's first prompt gets the plain mismatch", async () => {
    const sim = new Simulator(script(`${demo}  - agent: helper\n    expect: { lastUserIncludes: tests }\n    content: [ { type: text, text: ok } ]\n`));
    const message = await rejection(clientFor(sim).messages.create(ask("lint it"), { headers: { [AGENT_HEADER]: "helper" } }));
    expect(message).toBe('script turn 1 for agent "helper" (turns[1]): expected the last user message to include "tests", but it was: "lint it"');
  });
});
