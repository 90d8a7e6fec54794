/**
 * Answers cut at max_tokens: one escalated retry (max_tokens 64,000), then at most three
 * "Continue" requests on a copy of the conversation, joined into one answer; a tool call cut
 * in half is never returned. Through the real SDK: the simulator cuts content that does not
 * fit the request's max_tokens (about four characters a token) the way a real model stops.
 */
import { checkConversation, type Message, type ModelRequest } from "@learn/core";
import { testContext } from "@learn/core/testing";
import { describe, expect, it } from "vitest";
import { CONTINUE_PROMPT, recoverMaxTokens } from "../src/recovery/index.ts";
import { bodyOf, bulkyTool, recoveringKernel } from "./recovery-helpers.ts";

const signal = () => new AbortController().signal;
const LONG = "This answer is far longer than the forty characters that max_tokens 10 allows.";

describe("max_tokens", () => {
  it("a cut answer is asked again once with max_tokens 64,000; it fits and replaces the cut one", async () => {
    const { kernel, simulator, notices } = recoveringKernel(
      `
turns:
  - content: [ { type: text, text: "${LONG}" } ]
  - expect: { maxTokens: 64000 }
    content: [ { type: text, text: "${LONG}" } ]
`,
      { maxTokens: 10 },
    );
    expect(await kernel.run("go", signal())).toBe(LONG);
    expect(simulator.requests.map((r) => bodyOf(r).max_tokens)).toEqual([10, 64000]);
    expect(bodyOf(simulator.requests[1]!).messages).toEqual(bodyOf(simulator.requests[0]!).messages);
    expect(notices()).toEqual(["The answer was cut off at max_tokens; asking again with max_tokens 64,000."]);
    expect(kernel.messages).toEqual([
      { role: "user", content: "go" },
      { role: "assistant", content: [{ type: "text", text: LONG }] },
    ]);
  });

  it("still cut at 64,000: the model is asked to continue on a copy, and the pieces are joined", async () => {
    const { kernel, simulator, notices } = recoveringKernel(
      `
turns:
  - content: [ { type: text, text: "${LONG}" } ]
  - expect: { maxTokens: 64000 }
    stop_reason: max_tokens
    content: [ { type: text, text: "Part one, " } ]
  - expect: { maxTokens: 64000, lastUserIncludes: "${CONTINUE_PROMPT}" }
    stop_reason: max_tokens
    content: [ { type: text, text: "part two, " } ]
  - expect: { maxTokens: 64000, lastUserIncludes: "${CONTINUE_PROMPT}" }
    content: [ { type: text, text: "the end." } ]
`,
      { maxTokens: 10 },
    );
    expect(await kernel.run("go", signal())).toBe("Part one, part two, the end.");
    const sent = simulator.requests.map((r) => bodyOf(r).messages);
    expect(sent[2]!.slice(1)).toEqual([
      { role: "assistant", content: [{ type: "text", text: "Part one, " }] },
      { role: "user", content: CONTINUE_PROMPT },
    ]);
    expect(sent[3]!.slice(1)).toEqual([
      { role: "assistant", content: [{ type: "text", text: "Part one, part two, " }] },
      { role: "user", content: CONTINUE_PROMPT },
    ]);
    // The conversation holds one answer, none of the scaffolding.
    expect(kernel.messages).toEqual([
      { role: "user", content: "go" },
      { role: "assistant", content: [{ type: "text", text: "Part one, part two, the end." }] },
    ]);
    expect(notices()).toEqual([
      "The answer was cut off at max_tokens; asking again with max_tokens 64,000.",
      "Asking the model to continue the cut answer (1 of 3).",
      "Asking the model to continue the cut answer (2 of 3).",
    ]);
  });

  it("a model that refuses max_tokens 64,000 is asked to continue at the old budget instead", async () => {
    const { kernel, simulator, notices } = recoveringKernel(
      `
turns:
  - content: [ { type: text, text: "${LONG}" } ]
  - expect: { maxTokens: 64000 }
    error: { status: 400, type: invalid_request_error, message: "max_tokens: 64000 > 8192, which is the maximum allowed number of output tokens for claude-sim" }
  - expect: { maxTokens: 10, lastUserIncludes: "${CONTINUE_PROMPT}" }
    content: [ { type: text, text: "rest." } ]
`,
      { maxTokens: 10 },
    );
    expect(await kernel.run("go", signal())).toBe(`${LONG.slice(0, 40)}rest.`);
    expect(simulator.requests.map((r) => r.status)).toEqual([200, 400, 200]);
    expect(notices()).toEqual([
      "The answer was cut off at max_tokens; asking again with max_tokens 64,000.",
      "This model does not accept max_tokens 64,000; asking it to continue instead.",
      "Asking the model to continue the cut answer (1 of 3).",
    ]);
  });

  it("at most three continuations; then the answer is returned as cut, and the user is told", async () => {
    const { kernel, simulator, notices } = recoveringKernel(
      `
turns:
  - content: [ { type: text, text: "${LONG}" } ]
  - repeat: 5
    stop_reason: max_tokens
    content: [ { type: text, text: "more " } ]
`,
      { maxTokens: 10 },
    );
    expect(await kernel.run("go", signal())).toBe("more more more more ");
    expect(simulator.requests).toHaveLength(5); // 1 + the escalation + 3 continuations
    expect(simulator.remaining()).toBe(1);
    expect(notices().at(-1)).toMatch(/^The answer was cut off: the model reached max_tokens/);
  });

  it("a tool call that does not fit is never returned: the retry gets it whole, and it runs once", async () => {
    const calls: number[] = [];
    const { kernel, simulator } = recoveringKernel(
      `
turns:
  - content: [ { type: text, text: "Probing." }, { type: tool_use, name: probe, input: { n: 1, pad: "${"y".repeat(80)}" } } ]
  - expect: { maxTokens: 64000 }
    content: [ { type: text, text: "Probing." }, { type: tool_use, name: probe, input: { n: 1 } } ]
  - content: [ { type: text, text: "done" } ]
`,
      { maxTokens: 10, tools: [bulkyTool(10, calls)] },
    );
    expect(await kernel.run("go", signal())).toBe("done");
    expect(calls).toEqual([1]);
    expect(simulator.requests[0]!.response).toMatchObject({ stop_reason: "max_tokens", content: [{ type: "text", text: "Probing." }] });
    expect(checkConversation(kernel.messages, { lastRole: "any" })).toBeUndefined();
  });

  it("cut again where a tool call began: the text so far is continued, and the tool call comes whole", async () => {
    const calls: number[] = [];
    const { kernel, simulator } = recoveringKernel(
      `
turns:
  - content: [ { type: text, text: "${LONG}" } ]
  - stop_reason: max_tokens
    content: [ { type: text, text: "Let me look. " } ]
  - expect: { lastUserIncludes: "${CONTINUE_PROMPT}" }
    content: [ { type: tool_use, name: probe, input: { n: 7 } } ]
  - content: [ { type: text, text: "done" } ]
`,
      { maxTokens: 10, tools: [bulkyTool(10, calls)] },
    );
    expect(await kernel.run("go", signal())).toBe("done");
    expect(calls).toEqual([7]);
    expect(kernel.messages[1]).toMatchObject({
      role: "assistant",
      content: [{ type: "text", text: "Let me look. " }, { type: "tool_use", name: "probe", input: { n: 7 } }],
    });
    expect(simulator.requests).toHaveLength(4);
    expect(checkConversation(kernel.messages, { lastRole: "any" })).toBeUndefined();
  });

  it("a tool_use cut in half (as the real API can send it) is dropped before anything sees it", async () => {
    const cut = message("max_tokens", [
      { type: "text", text: "Writing the file: ", citations: null },
      { type: "tool_use", id: "toolu_1", name: "write_file", input: { path: "a.txt" }, caller: { type: "direct" } },
    ]);
    const seen: ModelRequest[] = [];
    const answers = [cut, cut, message("tool_use", [
      { type: "tool_use", id: "toolu_2", name: "write_file", input: { path: "a.txt", content: "hi" }, caller: { type: "direct" } },
    ])];
    const call = recoverMaxTokens()(async (request) => {
      seen.push(request);
      return answers.shift()!;
    });
    const result = await call({ messages: [{ role: "user", content: "write it" }] }, testContext("/tmp"));
    expect(seen[2]!.messages.slice(1)).toEqual([
      { role: "assistant", content: [{ type: "text", text: "Writing the file: " }] },
      { role: "user", content: CONTINUE_PROMPT },
    ]);
    expect(result.content).toEqual([
      { type: "text", text: "Writing the file: ", citations: null },
      { type: "tool_use", id: "toolu_2", name: "write_file", input: { path: "a.txt", content: "hi" }, caller: { type: "direct" } },
    ]);
    expect(result.stop_reason).toBe("tool_use");
    expect(result.usage.output_tokens).toBe(30); // every call's output, the discarded ones included
  });
});

function message(stopReason: Message["stop_reason"], content: Message["content"]): Message {
  return {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "m",
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: { input_tokens: 5, output_tokens: 10, cache_creation_input_tokens: null, cache_read_input_tokens: null, cache_creation: null, inference_geo: null, output_tokens_details: null, server_tool_use: null, service_tier: "standard", speed: null },
  } as Message;
}
