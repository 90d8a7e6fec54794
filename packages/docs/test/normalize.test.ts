/** Normalisation: what differs between two runs is replaced; the same call keeps one number. */
import { describe, expect, it } from "vitest";
import { repoRoot, type TraceEntry } from "@learn/core/harness";
import { byAgent, COURSE, Normalizer, restateUsage } from "../src/normalize.ts";

const ws = "/tmp/learn-s01-docs-Ab12Cd";

describe("Normalizer", () => {
  it("replaces the workspace path (and its real path) with <workspace>", () => {
    const n = new Normalizer();
    expect(n.text(`cd ${ws} && ls /private${ws}/x`, [ws, `/private${ws}`])).toBe("cd <workspace> && ls <workspace>/x");
  });

  it("renumbers ids in order of first appearance, the same id always the same number", () => {
    const entries: TraceEntry[] = [
      { type: "response", agent: "lead", body: { id: "msg_sim_0007", content: [{ type: "tool_use", id: "toolu_01XyZ9" }] } },
      { type: "request", agent: "lead", body: { messages: [{ content: [{ type: "tool_result", tool_use_id: "toolu_01XyZ9" }] }] } },
      { type: "response", agent: "lead", body: { id: "msg_sim_0008", content: [{ type: "tool_use", id: "toolu_sim_0002" }] } },
    ];
    const text = JSON.stringify(new Normalizer().entries(entries, [ws]));
    expect(text).toContain('"id":"msg_1"');
    expect(text).toContain('"id":"toolu_1"');
    expect(text).toContain('"tool_use_id":"toolu_1"');
    expect(text).toContain('"id":"msg_2"');
    expect(text).toContain('"id":"toolu_2"');
    expect(text).not.toMatch(/sim_|01XyZ9/);
  });

  it("numbers ids agent by agent, the lead first, whatever the interleaving; the order stays", () => {
    const lead = (id: string): TraceEntry => ({ type: "response", agent: "lead", body: { id } });
    const alice = (id: string): TraceEntry => ({ type: "response", agent: "alice", body: { id } });
    const bob = (id: string): TraceEntry => ({ type: "response", agent: "bob", body: { id } });
    const one = [bob("msg_sim_bob_0001"), alice("msg_sim_alice_0001"), lead("msg_sim_lead_0001"), alice("msg_sim_alice_0002")];
    const other = [lead("msg_sim_lead_0001"), alice("msg_sim_alice_0001"), alice("msg_sim_alice_0002"), bob("msg_sim_bob_0001")];
    const ids = (entries: TraceEntry[]) => new Normalizer().entries(entries, []).map((e) => `${e.agent}:${(e.body as { id: string }).id}`);
    expect(ids(one)).toEqual(["bob:msg_4", "alice:msg_2", "lead:msg_1", "alice:msg_3"]);
    expect(byAgent(new Normalizer().entries(one, []))).toEqual(byAgent(new Normalizer().entries(other, [])));
  });

  it("masks timestamps and timings but leaves tool names alone", () => {
    const n = new Normalizer();
    expect(n.text("saved .transcripts/2025-01-31T12-00-05.jsonl at 2025-01-31T12:00:05.123Z", [])).toBe(
      "saved .transcripts/<timestamp>.jsonl at <timestamp>",
    );
    expect(n.text("# duration_ms 273.106902\n  duration_ms: 0.58\nok (4.2ms)", [])).toBe(
      "# duration_ms <ms>\n  duration_ms: <ms>\nok (<ms>)",
    );
    expect(n.text("job-1 completed (exit 0 after 3.1s); times out after 300s", [])).toBe("job-1 completed (exit 0 after <s>); times out after 300s");
    expect(n.text("todo_write msg_send tool_use_id, s09 has 3 steps", [])).toBe("todo_write msg_send tool_use_id, s09 has 3 steps");
  });

  it("masks git commit ids, short or full, but not words or numbers", () => {
    const n = new Normalizer();
    expect(n.text("on branch wt/tax (from 038251a); HEAD is cce2166769056223b659f204f8a9915bdc027a00", [])).toBe(
      "on branch wt/tax (from <commit>); HEAD is <commit>",
    );
    expect(n.text("defaced 1234567 abc123", [])).toBe("defaced 1234567 abc123");
  });

  it("masks a random UUID whole (a hook event's session_id), not as pieces of commit ids", () => {
    expect(new Normalizer().text('{"session_id":"3f2b8c1e-9a4d-4e2b-8c7f-1a2b3c4d5e6f","cwd":"x"}', [])).toBe('{"session_id":"<uuid>","cwd":"x"}');
  });
});

describe("the course's checkout", () => {
  it("is replaced too, after the workspaces: a bundled file's path is the same on every clone", () => {
    const text = `skill at ${repoRoot()}/packages/s06-skills/skills/x, workspace /tmp/learn-1`;
    expect(new Normalizer().text(text, ["/tmp/learn-1"])).toBe(`skill at ${COURSE}/packages/s06-skills/skills/x, workspace <workspace>`);
  });
});

describe("restateUsage", () => {
  it("sets each response's input tokens from the request before it, as the simulator estimates", () => {
    const request = { system: "s", messages: [{ role: "user", content: "hi" }], tools: [] };
    const chars = JSON.stringify({ system: request.system, messages: request.messages, tools: request.tools }).length;
    const [, response] = restateUsage([
      { type: "request", agent: "lead", body: { model: "m", ...request } },
      { type: "response", agent: "lead", body: { usage: { input_tokens: 999, output_tokens: 3 } } },
    ]);
    expect(response!.body).toEqual({ usage: { input_tokens: Math.ceil(chars / 4), output_tokens: 3 } });
  });

  it("restates the prompt cache's figures by the API's rules, agent by agent, the lead first", () => {
    const big = "x".repeat(5000); // 1,250 tokens: over the 1,024-token minimum
    const system = [{ type: "text", text: big, cache_control: { type: "ephemeral" } }];
    const turn = (agent: string, text: string) => [
      { type: "request" as const, agent, body: { model: "m", system, messages: [{ role: "user", content: text }] } },
      { type: "response" as const, agent, body: { usage: { input_tokens: 1, output_tokens: 1, cache_read_input_tokens: 7, cache_creation_input_tokens: 7 } } },
    ];
    // The child's lines come first in the trace, but the lead is counted first: it writes, the child reads.
    const entries = [...turn("explore-1", "b"), ...turn("lead", "a")];
    const usage = (i: number) => (restateUsage(entries)[i]!.body as { usage: Record<string, number> }).usage;
    expect(usage(3)).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: 1257 });
    expect(usage(1)).toMatchObject({ cache_read_input_tokens: 1257, cache_creation_input_tokens: 0 });
  });
});
