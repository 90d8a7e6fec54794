/**
 * Auto-compaction through the real SDK and the strict simulator: the summary request as sent,
 * the transcript on disk, the history that replaces the conversation (which the simulator then
 * accepts), the circuit breaker, the compact tool's deferral and `/compact` between turns.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { agentFrom, checkConversation, defineTool, partsWith, type AgentOptions, type MessageParam } from "@learn/core";
import type { Script } from "@learn/core/simulator";
import { scriptedModel, testContext, useTempWorkspace } from "@learn/core/testing";
import {
  autoCompact,
  compaction,
  COMPACT_TOOL_RESULT,
  DEFAULT_COMPACTION,
  SUMMARY_PROMPT,
  type CompactionSettings,
} from "../src/compaction/index.ts";
import { conversation, round, text } from "./compaction-helpers.ts";

const PLAN = "<plan>\n[x] find the bug\n[ ] fix src/cart.ts\n</plan>";
const SUMMARY = "Goal: fix the failing cart test. Files changed: src/cart.ts. Remaining: run the tests. Use pnpm.";
const summaryTurn = (extra: object = {}) => ({ expect: { lastUserIncludes: "Summarise the conversation so far", ...extra }, content: [{ type: "text" as const, text: SUMMARY }] });

type Body = { system?: unknown; tools?: unknown[]; messages: MessageParam[] };
const bodies = (requests: { body: unknown }[]) => requests.map((r) => r.body as Body);
const lastText = (body: Body) => JSON.stringify(body.messages.at(-1)!.content);

describe("autoCompact", () => {
  const ws = useTempWorkspace({});

  function contextFor(script: Script, messages: MessageParam[], maxRetries?: number) {
    const scripted = scriptedModel(script);
    const ctx = testContext(ws.dir, {
      messages,
      renderer: scripted.renderer,
      model: (request) => scripted.model.call(maxRetries === undefined ? request : { ...request, maxRetries }),
    });
    return { ...scripted, ctx };
  }

  it("mid-turn: saves the transcript, asks for a summary in the agent's own request, keeps the pending tool call and its results", async () => {
    const messages = conversation([text(500), text(600), "the latest result"]);
    const original = structuredClone(messages);
    const { ctx, simulator } = contextFor({ turns: [summaryTurn()] }, messages);
    const system = [{ type: "text" as const, text: "You are a coding agent." }];
    const tools = [{ name: "read_file", description: "Read a file.", input_schema: { type: "object" as const, properties: {} } }];
    const report = (await autoCompact(ctx, { liveState: () => [PLAN], focus: "the cart total", system, tools }))!;

    // The agent's system prompt and tools, as its last request sent them: the prefix the cache holds.
    const [request] = bodies(simulator.requests);
    expect(request!.system).toEqual(system);
    expect(request!.tools).toEqual(tools);
    expect(SUMMARY_PROMPT()).toMatch(/Answer with text only and call no tool/);
    // What is summarised is the history before the pending tail; the summary request ends it.
    expect(request!.messages).toEqual([...original.slice(0, -3), { ...original.at(-3)!, content: [...(original.at(-3)!.content as object[]), { type: "text", text: SUMMARY_PROMPT("the cart total") }] }]);
    expect(SUMMARY_PROMPT("the cart total")).toMatch(/Goal[\s\S]*Findings[\s\S]*Files changed[\s\S]*Remaining work[\s\S]*Constraints and preferences[\s\S]*the cart total/);

    const lines = (await readFile(path.join(ws.dir, report.transcript), "utf8")).trimEnd().split("\n");
    expect(report.transcript).toMatch(/^\.transcripts\/.+\.jsonl$/);
    expect(lines.map((l) => JSON.parse(l))).toEqual(original);

    expect(ctx.messages).toBe(messages); // the same array object
    expect(messages).toHaveLength(3);
    expect(messages.slice(1)).toEqual(original.slice(-2));
    const head = messages[0]!.content as { type: string; text: string }[];
    expect(head[0]!.text).toBe(
      `<summary>\n${SUMMARY}\n</summary>\nThe conversation before this point was compacted; all of it is saved in ${report.transcript} (read it with read_file if a detail is missing).`,
    );
    expect(head[1]).toEqual({ type: "text", text: PLAN });
    expect(checkConversation(messages)).toBeUndefined();
  });

  it("a new prompt: one user message holding the summary, the live state and the prompt", async () => {
    const messages: MessageParam[] = [...conversation([text(500)]), { role: "assistant", content: "Fixed." }, { role: "user", content: "Now add a test." }];
    const { ctx, simulator } = contextFor({ turns: [summaryTurn()] }, messages);
    await autoCompact(ctx, { liveState: () => [PLAN, "<skills-loaded>code-review</skills-loaded>"] });
    expect(bodies(simulator.requests)[0]!.messages.at(-1)).toEqual({ role: "user", content: SUMMARY_PROMPT() });
    expect(messages).toHaveLength(1);
    const blocks = messages[0]!.content as { text: string }[];
    expect(blocks.map((b) => b.text.split("\n")[0])).toEqual(["<summary>", "<plan>", "<skills-loaded>code-review</skills-loaded>", "Now add a test."]);
    expect(checkConversation(messages)).toBeUndefined();
  });

  it("refuses a compacted history the protocol's rules refuse, in the API's words, and keeps the conversation", async () => {
    // The pending tail answers a call it was never asked (t9 for t2): kept word for word, it would be the next 400.
    const messages: MessageParam[] = [
      ...conversation(["the first result"]),
      { role: "assistant", content: [{ type: "tool_use", id: "t2", name: "read_file", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t9", content: "r" }] },
    ];
    const original = structuredClone(messages);
    const { ctx } = contextFor({ turns: [summaryTurn()] }, messages);
    await expect(autoCompact(ctx, { liveState: () => [] })).rejects.toThrow(
      "the compacted history would be invalid: messages.2.content.0: unexpected `tool_use_id` found in `tool_result` blocks: t9.",
    );
    expect(messages).toEqual(original);
  });

  it("drops a dangling tool_use from what is summarised", async () => {
    const messages: MessageParam[] = [
      { role: "user", content: "go" },
      { role: "assistant", content: [{ type: "text", text: "Reading." }, { type: "tool_use", id: "t9", name: "read_file", input: {} }] },
      { role: "user", content: "(interrupted) continue" },
    ];
    const { ctx, simulator } = contextFor({ turns: [summaryTurn()] }, messages);
    await autoCompact(ctx, { liveState: () => [] });
    const sent = bodies(simulator.requests)[0]!.messages;
    expect(sent[1]).toEqual({ role: "assistant", content: [{ type: "text", text: "Reading." }] });
    expect(checkConversation(messages)).toBeUndefined();
  });

  it("does not summarise a summary: nothing but the last summary before the pending tail is left alone", async () => {
    const messages: MessageParam[] = [{ role: "user", content: [{ type: "text", text: "<summary>\nall so far\n</summary>" }, { type: "text", text: PLAN }] }, ...round("t1", text(9000))];
    const { ctx, simulator } = contextFor({ turns: [summaryTurn()] }, messages);
    expect(await autoCompact(ctx, { liveState: () => [] })).toBeUndefined();
    expect(simulator.requests).toHaveLength(0);
    expect(messages).toHaveLength(3);
  });

  it("opens the circuit breaker after 3 failed summaries in a row, says so once, and a success closes it", async () => {
    const fail = { error: { status: 500, type: "api_error", message: "summariser down" } };
    const messages = conversation([text(4000), text(4000), "last"]);
    const before = structuredClone(messages);
    const { ctx, simulator, renderer } = contextFor({ turns: [fail, fail, fail, summaryTurn()] }, messages, 0);
    const { compactor } = compaction({ ...DEFAULT_COMPACTION, autoCompactAboveTokens: 1000 }, { liveState: () => [] });
    for (let i = 0; i < 5; i++) await compactor.beforeModel(ctx);
    expect(simulator.requests.map((r) => r.status)).toEqual([500, 500, 500]); // the 4th and 5th were not tried
    expect(messages).toEqual(before);
    const notices = renderer.events.filter((e) => e.kind === "notice").map((e) => (e as { text: string }).text);
    expect(notices.filter((t) => t.startsWith("Auto-compaction is off"))).toHaveLength(1);
    expect(renderer.events.filter((e) => e.kind === "error")).toHaveLength(3);

    compactor.requested = ""; // asked for explicitly: tried even with the breaker open
    await compactor.beforeModel(ctx);
    expect(compactor.breaker.failures).toBe(0);
    expect(messages).toHaveLength(3);
    expect(notices.length + 1).toBe(renderer.events.filter((e) => e.kind === "notice").length);
    expect((renderer.events.at(-1) as { text: string }).text).toMatch(/^Compacted the conversation: ~\d[\d,]* → ~\d[\d,]* tokens; the full history is in \.transcripts\//);
  });
});

describe("compaction in a running agent", () => {
  const ws = useTempWorkspace({});
  const readLog = defineTool({ name: "read_log", description: "Read the test log.", input: z.object({}), permission: { mutating: false }, run: () => "FAIL cart.test.ts\n" + text(8_000, "l") });

  async function agentWith(script: Script, settings: Partial<CompactionSettings> = {}) {
    const scripted = scriptedModel(script);
    const own = compaction({ ...DEFAULT_COMPACTION, ...settings }, { liveState: () => [PLAN] });
    const parts = partsWith({ tools: [readLog, ...own.tools], hooks: own.hooks, wrappers: own.wrappers, commands: own.commands, onClear: [own.clear] });
    const options: AgentOptions = { model: scripted.model, cwd: ws.dir, renderer: scripted.renderer, interactive: false, ask: async () => "n", flags: {} };
    return { ...scripted, agent: agentFrom(parts, options), own };
  }
  const call = (name: string, input: Record<string, unknown> = {}) => ({ content: [{ type: "tool_use" as const, name, input }] });

  it("compacts above the threshold before the next call, and the API accepts the compacted request", async () => {
    const { agent, simulator, renderer } = await agentWith(
      { turns: [call("read_log"), call("read_log"), summaryTurn(), { expect: { lastUserIncludes: "FAIL cart.test.ts" }, content: [{ type: "text", text: "The cart test fails." }] }] },
      { autoCompactAboveTokens: 3_000 },
    );
    expect(await agent.run("Why does the cart test fail?", new AbortController().signal)).toBe("The cart test fails.");
    const sent = bodies(simulator.requests);
    // The summary request (the third) is the agent's own: the same tools, the summary prompt last.
    expect(sent.map((b) => b.tools)).toEqual([sent[0]!.tools, sent[0]!.tools, sent[0]!.tools, sent[0]!.tools]);
    expect(lastText(sent[2]!)).toContain("Summarise the conversation so far");
    const after = sent[3]!.messages;
    expect(after).toHaveLength(3);
    expect(JSON.stringify(after[0])).toContain(PLAN.split("\n")[0]);
    expect(after[1]!.role).toBe("assistant");
    expect(checkConversation(after)).toBeUndefined();
    expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
    expect(renderer.events.some((e) => e.kind === "notice" && e.text.startsWith("Compacted the conversation"))).toBe(true);
  });

  it("the compact tool defers: its result is answered first, the next call compacts with the focus", async () => {
    const { agent, simulator, renderer } = await agentWith({
      turns: [call("read_log"), call("compact", { focus: "the failing assertion" }), summaryTurn({ lastUserIncludes: "Pay particular attention to: the failing assertion" }), { content: [{ type: "text", text: "Continuing." }] }],
    });
    await agent.run("Look at the log, then tidy up.", new AbortController().signal);
    const result = renderer.events.find((e) => e.kind === "toolResult" && e.name === "compact") as { outcome: { content: string } };
    expect(result.outcome.content).toBe(COMPACT_TOOL_RESULT);
    const sent = bodies(simulator.requests);
    expect(sent).toHaveLength(4);
    const last = sent[3]!.messages;
    expect(last.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(JSON.stringify(last[1])).toContain('"name":"compact"');
    expect(lastText(sent[3]!)).toContain(COMPACT_TOOL_RESULT);
  });

  it("/compact compacts between turns; /context measures the last request's system and tools with the messages now", async () => {
    const { agent, simulator } = await agentWith({ turns: [call("read_log"), { content: [{ type: "text", text: "Read it." }] }, summaryTurn(), { content: [{ type: "text", text: "Next." }] }] });
    // The agent's commands: agentFrom hands each one the agent's context between turns.
    const compact = agent.commands!.find((c) => c.name === "compact");
    const context = agent.commands!.find((c) => c.name === "context");
    expect(await context!.run("")).toMatch(/^No request yet/);
    expect(await compact!.run("")).toMatch(/^Nothing to compact yet/);
    await agent.run("Read the log.", new AbortController().signal);
    const before = (await context!.run("")) as string;
    expect(before).toMatch(/tool results\s+2,0\d\d/);
    expect(await compact!.run("the log")).toBeUndefined();
    const summaryRequest = bodies(simulator.requests)[2]!;
    expect(summaryRequest.tools).toEqual(bodies(simulator.requests)[1]!.tools); // the agent's own tools: its cached prefix
    const afterTable = (await context!.run("")) as string;
    expect(afterTable).toMatch(/tool results\s+0 /);
    expect(afterTable).toMatch(/summaries\s+[1-9]/);
    await agent.run("And now?", new AbortController().signal);
    const last = bodies(simulator.requests).at(-1)!.messages;
    expect(last).toHaveLength(1); // the summary message, with the new prompt joined to it
    expect(lastText(bodies(simulator.requests).at(-1)!)).toContain("And now?");
  });
});
