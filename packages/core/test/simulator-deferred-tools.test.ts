/**
 * Deferred tools (`defer_loading`) and `tool_reference` blocks, as Claude Code 2.1.328 sends
 * them behind its ToolSearch tool: the simulator accepts the shape the real API accepts, refuses
 * a reference to a tool that is not deferred in the request, and will not serve a scripted call
 * of a deferred tool no reference has loaded (the real model could not have seen it).
 */
import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { parseScript } from "../src/simulator/load.ts";
import { Simulator } from "../src/simulator/index.ts";

const search = { name: "tool_search", input_schema: { type: "object" as const, properties: { query: { type: "string" } } } };
const peek = { name: "mcp__srv__peek", description: "Look.", input_schema: { type: "object" as const, properties: {} }, defer_loading: true };
const searchCall = { type: "tool_use", id: "toolu_s", name: "tool_search", input: { query: "select:mcp__srv__peek" } };
const loaded = (name = "mcp__srv__peek") => [
  { role: "user", content: "look" },
  { role: "assistant", content: [searchCall] },
  { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_s", content: [{ type: "text", text: "Loaded." }, { type: "tool_reference", tool_name: name }] }] },
];

function setup(yaml = `turns: [ { content: [ { type: text, text: "ok" } ] } ]`) {
  const sim = new Simulator(parseScript(yaml, "test.yaml"));
  const client = new Anthropic({ apiKey: "test", baseURL: "http://simulator.invalid", fetch: sim.fetch, maxRetries: 0 });
  return { sim, client };
}

const messageOf = (error: unknown) => (error as Error).message;

describe("simulator: deferred tools", () => {
  it("accepts a tool_reference to a tool the request sends with defer_loading", async () => {
    const { client } = setup();
    const answer = await client.messages.create({ model: "claude-sim", max_tokens: 100, tools: [search, peek], messages: loaded() as never });
    expect(answer.content[0]).toMatchObject({ type: "text", text: "ok" });
  });

  it("refuses a tool_reference to a tool that is not deferred in the request", async () => {
    const { sim, client } = setup();
    const error = await client.messages.create({ model: "claude-sim", max_tokens: 100, tools: [search], messages: loaded() as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(messageOf(error)).toContain('messages.2.content.0.content.1.tool_name: tool_reference names \\"mcp__srv__peek\\", which is not a tool of this request with defer_loading: true');
    expect(sim.remaining()).toBe(1);
  });

  it("refuses a request whose every tool is deferred", async () => {
    const { client } = setup();
    const error = await client.messages.create({ model: "claude-sim", max_tokens: 100, tools: [peek], messages: [{ role: "user", content: "hi" }] }).catch((e: unknown) => e);
    expect(messageOf(error)).toContain("tools: at least one tool must not have defer_loading set");
  });

  it("will not serve a scripted call of a deferred tool before a tool_reference loaded it", async () => {
    const yaml = `turns: [ { content: [ { type: tool_use, name: mcp__srv__peek, input: {} } ] } ]`;
    const { sim, client } = setup(yaml);
    const error = await client.messages.create({ model: "claude-sim", max_tokens: 100, tools: [search, peek], messages: [{ role: "user", content: "look" }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(messageOf(error)).toContain('scripted a tool_use for tool \\"mcp__srv__peek\\", which the request sends with defer_loading and no tool_reference has loaded yet');
    expect(sim.remaining()).toBe(1);
  });

  it("serves that call once a tool_reference loaded the tool", async () => {
    const { client } = setup(`turns: [ { content: [ { type: tool_use, name: mcp__srv__peek, input: {} } ] } ]`);
    const answer = await client.messages.create({ model: "claude-sim", max_tokens: 100, tools: [search, peek], messages: loaded() as never });
    expect(answer.content[0]).toMatchObject({ type: "tool_use", name: "mcp__srv__peek" });
  });
});
