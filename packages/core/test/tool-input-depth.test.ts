/**
 * A tool input nested 100,000 deep: the SDK parses it, and then everything recursive (the
 * screen's summary, the trace, the next request's JSON) would overflow the stack and end the
 * turn. It becomes a tool error the model can act on, and the session goes on. Driven through
 * the kernel, the real SDK and the simulator, whose stream is rewritten to carry the deep input
 * (the simulator itself would have to stringify it).
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../src/platform/config.ts";
import { createClient } from "../src/runtime/client.ts";
import { Kernel } from "../src/runtime/kernel/index.ts";
import { Model } from "../src/runtime/model.ts";
import { Simulator } from "../src/simulator/index.ts";
import { RecordingRenderer, toolResultsOf } from "../src/testing/index.ts";
import { defineTool } from "../src/runtime/tool.ts";
import { MemoryTracer } from "../src/platform/trace.ts";
import { nestedDeeperThan } from "../src/runtime/tool-input-depth.ts";

const DEPTH = 100_000;
const deepJson = `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`;

/** The simulator's fetch, with each tool_use input's JSON gathered into one delta and "DEEP" replaced by the deep array. */
function deepening(simulator: Simulator): typeof fetch {
  return async (input, init) => {
    const response = await simulator.fetch(input, init);
    const text = await response.text();
    if (!text.includes("input_json_delta")) return new Response(text, response);
    const events = text.split("\n\n").filter(Boolean).map((raw) => ({ name: /^event: (.*)$/m.exec(raw)![1], data: JSON.parse(/^data: (.*)$/m.exec(raw)![1]!) }));
    const json = events.filter((e) => e.data.delta?.type === "input_json_delta").map((e) => e.data.delta.partial_json).join("");
    const first = events.findIndex((e) => e.data.delta?.type === "input_json_delta");
    const kept = events.filter((e, i) => i === first || e.data.delta?.type !== "input_json_delta");
    kept[kept.indexOf(events[first]!)] = { name: "content_block_delta", data: { ...events[first]!.data, delta: { type: "input_json_delta", partial_json: json.replace('"DEEP"', deepJson) } } };
    return new Response(kept.map((e) => `event: ${e.name}\ndata: ${JSON.stringify(e.data)}\n\n`).join(""), { status: response.status, headers: response.headers });
  };
}

const echo = defineTool({ name: "echo", description: "Echo.", input: z.object({ text: z.string() }).loose(), run: async ({ text }) => text });

describe("a tool input nested 100,000 deep", () => {
  it("is a tool error naming the limit; the trace, the screen and the next request survive, and the turn ends with the model's answer", async () => {
    const simulator = new Simulator({
      turns: [{ content: [{ type: "tool_use", name: "echo", input: { text: "hi", nested: "DEEP" } }] }, { content: [{ type: "text", text: "Flat next time." }] }],
    });
    const renderer = new RecordingRenderer();
    const tracer = new MemoryTracer();
    const config = loadConfig({}, { envFile: false, forceOffline: true });
    const model = new Model({ client: createClient(config, { fetch: deepening(simulator) }), model: config.model, maxTokens: 1000, agent: "lead", renderer, tracer });
    const kernel = new Kernel({ model, system: "Test.", tools: [echo], cwd: process.cwd(), renderer });
    expect(await kernel.run("go", new AbortController().signal)).toBe("Flat next time.");
    const [result] = toolResultsOf(simulator.requests[1]!.body);
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining("Invalid input for echo: nested more than 64 levels deep") });
    expect(nestedDeeperThan(simulator.requests[1]!.body, 100)).toBe(false);
  });
});
