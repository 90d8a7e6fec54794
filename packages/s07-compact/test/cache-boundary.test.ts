/**
 * What compaction costs the prompt cache, measured by the simulator's cache accounting (the
 * API's rules) through the real SDK: the boundary breakpoint keeps a batch of micro-compaction
 * from paying for the whole conversation again, and the summary request, being the agent's own
 * request, reads the conversation from the cache instead of paying for it.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { agentFrom, defineTool, partsWith, type AgentOptions, type MessageParam } from "@learn/core";
import type { Script } from "@learn/core/simulator";
import { scriptedModel, useTempWorkspace } from "@learn/core/testing";
import { markLastMessage } from "@learn/s06";
import { COMPACTED_RESULT, CompactionRecord, compaction, DEFAULT_COMPACTION, markCompactionBoundary, microCompact, type CompactionSettings } from "../src/compaction/index.ts";
import { conversation, text } from "./compaction-helpers.ts";
import { bodyOf, isSummaryRequest } from "./helpers.ts";

type Usage = { input_tokens: number; cache_read_input_tokens: number; cache_creation_input_tokens: number };
const usageOf = (r: { response: unknown }) => (r.response as { usage: Usage }).usage;
const marked = (messages: readonly MessageParam[]) =>
  messages.flatMap((m, i) => (typeof m.content === "string" ? [] : m.content.flatMap((b, j) => ("cache_control" in b && b.cache_control ? [`${i}.${j}`] : []))));

describe("the boundary breakpoint", () => {
  const settings: CompactionSettings = { ...DEFAULT_COMPACTION, microCompactBatch: 4 };

  /** Send `messages` through the wrapper and return what it passed on. */
  async function send(wrapper: ReturnType<typeof markCompactionBoundary>, messages: MessageParam[]): Promise<MessageParam[]> {
    let sent: MessageParam[] = [];
    await wrapper(async (request) => ((sent = request.messages), {} as never))({ messages }, {} as never);
    return sent;
  }

  it("marks the block before the oldest replaceable result, stays there in the request that compacts, then moves on", async () => {
    const record = new CompactionRecord();
    const wrapper = markCompactionBoundary(settings, record);
    const messages = conversation([text(500), text(500), text(500), text(500), text(500), text(500), text(500), "x"]);
    // Before any compaction: on the tool_use before the first result (message 1, block 1); the conversation itself is untouched.
    expect(marked(await send(wrapper, messages))).toEqual(["1.1"]);
    expect(marked(messages)).toEqual([]);

    const compacted = microCompact(messages, settings, record)!;
    expect(JSON.stringify(compacted[2])).toContain(COMPACTED_RESULT);
    // The request that compacts: still before the first result it replaced, a prefix the cache holds.
    expect(marked(await send(wrapper, compacted))).toEqual(["1.1"]);
    // The next one: before the oldest result still whole (the sixth, in message 12), inside what that request cached.
    expect(marked(await send(wrapper, compacted))).toEqual(["11.1"]);
  });

  it("puts no breakpoint where none can go: no replaceable result, or a thinking block before it", async () => {
    const wrapper = markCompactionBoundary(settings, new CompactionRecord());
    expect(marked(await send(wrapper, conversation(["short", "short"])))).toEqual([]);
    const thinking: MessageParam[] = [
      { role: "user", content: "go" },
      { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "read_file", input: {} }, { type: "thinking", thinking: "hm", signature: "s" }] as never },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: text(500) }] },
    ];
    expect(marked(await send(markCompactionBoundary(settings, new CompactionRecord()), thinking))).toEqual([]);
  });
});

describe("compaction and the prompt cache, through the simulator", () => {
  const ws = useTempWorkspace({});
  const readLog = defineTool({ name: "read_log", description: "Read the test log.", input: z.object({}), permission: { mutating: false }, run: () => "FAIL cart.test.ts\n" + text(6_000, "l") });
  const call = { content: [{ type: "tool_use" as const, name: "read_log", input: {} }] };
  // A long first prompt: the prefix before the first result is worth caching (the API caches 1,024 tokens or more).
  const prompt = `Why does the cart test fail? Context: ${text(6_000, "c")}`;

  /** An agent with s06's last-message breakpoint and this lesson's compaction. */
  function agentWith(script: Script, settings: Partial<CompactionSettings>) {
    const scripted = scriptedModel(script);
    const own = compaction({ ...DEFAULT_COMPACTION, ...settings }, { liveState: () => [] });
    const parts = partsWith({ tools: [readLog, ...own.tools], hooks: own.hooks, wrappers: [markLastMessage, ...own.wrappers] });
    const options: AgentOptions = { model: scripted.model, cwd: ws.dir, renderer: scripted.renderer, interactive: false, ask: async () => "n", flags: {} };
    return { ...scripted, agent: agentFrom(parts, options) };
  }

  it("the request that compacts a batch reads everything before the first result it replaced from the cache", async () => {
    // 13 results: the 14th request finds 10 old ones waiting and replaces them at once — a batch
    // spanning 20 blocks, past the API's lookback from the last message.
    const turns = [...Array.from({ length: 13 }, () => call), { content: [{ type: "text" as const, text: "Done." }] }];
    const { agent, simulator } = agentWith({ turns }, { microCompactBatch: 10, autoCompactAboveTokens: 1_000_000 });
    expect(await agent.run(prompt, new AbortController().signal)).toBe("Done.");
    const requests = simulator.requests;
    const first = requests.findIndex((r) => JSON.stringify(bodyOf(r).messages).includes(COMPACTED_RESULT));
    expect(first).toBe(13);
    const boundary = marked(bodyOf(requests[first]!).messages);
    expect(boundary[0]).toBe("1.0"); // the tool_use before the first result replaced
    // The prompt and the first tool_use: about 1,500 tokens read back, not paid again.
    expect(usageOf(requests[first]!).cache_read_input_tokens).toBeGreaterThan(1_500);
  });

  it("the summary request is the agent's own request, and reads the conversation from the cache", async () => {
    const summary = { expect: { lastUserIncludes: "Summarise the conversation so far" }, content: [{ type: "text" as const, text: "Goal: find the failure. Files changed: none." }] };
    const { agent, simulator } = agentWith({ turns: [call, call, summary, { content: [{ type: "text", text: "The cart test fails." }] }] }, { autoCompactAboveTokens: 4_000 });
    expect(await agent.run(prompt, new AbortController().signal)).toBe("The cart test fails.");
    const requests = simulator.requests;
    expect(requests.map(isSummaryRequest)).toEqual([false, false, true, false]);
    const [before, request] = [requests[1]!, requests[2]!];
    expect(bodyOf(request).tools).toEqual(bodyOf(before).tools);
    // Everything the previous request sent (prompt, first call and its 6 KB result) is read back: over 3,000 tokens.
    const usage = usageOf(request);
    expect(usage.cache_read_input_tokens).toBeGreaterThan(2_800);
    expect(usage.input_tokens + usage.cache_creation_input_tokens).toBeLessThan(500);
  });
});
