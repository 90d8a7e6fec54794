/**
 * Structured output (`output_config.format`), as the real API serves it: the request's schema is
 * checked, and a scripted answer to it must be JSON matching it, unless the script says the
 * answer was cut short (stop_reason max_tokens), the one way the real API sends one that is not.
 * Every request goes through the real SDK.
 */
import Anthropic, { BadRequestError } from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { parseScript } from "../src/simulator/load.ts";
import { Simulator } from "../src/simulator/index.ts";

const VERDICT = {
  type: "object",
  properties: { ok: { type: "boolean" }, reason: { type: "string" }, impossible: { type: "boolean" } },
  required: ["ok", "reason"],
  additionalProperties: false,
};
const request = (format: unknown) => ({
  model: "claude-sim",
  max_tokens: 200,
  messages: [{ role: "user" as const, content: "Has the condition been met?" }],
  output_config: { format } as never,
});

function clientFor(yaml: string) {
  const sim = new Simulator(parseScript(yaml));
  return { sim, client: new Anthropic({ apiKey: "test", baseURL: "http://simulator.invalid", fetch: sim.fetch, maxRetries: 0 }) };
}

const problemOf = (err: unknown) => (err instanceof BadRequestError ? (err.error as { error: { message: string } }).error.message : String(err));

describe("output_config.format", () => {
  it("serves an answer that is JSON matching the schema, as its text", async () => {
    const { client } = clientFor(`turns: [ { content: [ { type: text, text: '{"ok": false, "reason": "the test still fails"}' } ] } ]`);
    const message = await client.messages.create(request({ type: "json_schema", schema: VERDICT }));
    expect(message.content).toEqual([expect.objectContaining({ type: "text", text: '{"ok": false, "reason": "the test still fails"}' })]);
  });

  it.each([
    ["not a dictionary", "json", "output_config.format: Input should be a valid dictionary"],
    ["another type", { type: "regex", schema: VERDICT }, "output_config.format.type: Input should be 'json_schema'"],
    ["no schema", { type: "json_schema" }, "output_config.format.schema: Field required (a JSON schema object)"],
    ["an extra key", { type: "json_schema", schema: VERDICT, strict: true }, "output_config.format.strict: Extra inputs are not permitted"],
    ["a schema no one can read", { type: "json_schema", schema: { type: "objekt" } }, "output_config.format.schema: not a JSON schema the API supports (Unsupported type: objekt)"],
  ])("refuses a format that is %s", async (_label, format, message) => {
    const { client } = clientFor(`turns: [ { content: [ { type: text, text: "{}" } ] } ]`);
    const err = await client.messages.create(request(format)).catch((e: unknown) => e);
    expect(problemOf(err)).toBe(message);
  });

  it.each([
    ["text that is not JSON", "I think it is done", "scripted an answer that is not JSON, but the request asks for output_config.format"],
    ["JSON of the wrong shape", '{"ok": "yes"}', "scripted an answer that does not match the request's output_config.format schema"],
  ])("will not serve %s (the real API could not have sent it)", async (_label, text, message) => {
    const { client } = clientFor(`turns: [ { content: [ { type: text, text: ${JSON.stringify(text)} } ] } ]`);
    const err = await client.messages.create(request({ type: "json_schema", schema: VERDICT })).catch((e: unknown) => e);
    expect(problemOf(err)).toContain(message);
    expect(problemOf(err)).toContain("script stop_reason: max_tokens for one cut short");
  });

  it("serves a broken answer when the script says it was cut short", async () => {
    const { client } = clientFor(`turns: [ { stop_reason: max_tokens, content: [ { type: text, text: '{"ok": fal' } ] } ]`);
    const message = await client.messages.create(request({ type: "json_schema", schema: VERDICT }));
    expect(message.stop_reason).toBe("max_tokens");
    expect(message.content).toEqual([expect.objectContaining({ text: '{"ok": fal' })]);
  });

  it("holds no answer to a schema the request did not send", async () => {
    const { client } = clientFor(`turns: [ { content: [ { type: text, text: "plain words" } ] } ]`);
    const { output_config: _, ...plain } = request(undefined);
    const message = await client.messages.create(plain);
    expect(message.content).toEqual([expect.objectContaining({ text: "plain words" })]);
  });
});
