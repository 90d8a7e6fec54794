/**
 * A teammate's second life: what s11 keeps for a session must not leak into a teammate spawned
 * again under the same name (her leaving, her plan gate). The REPL's second /demo stalled on exactly this (alice's phase ended
 * after her first step, because "alice agreed to shut down" was kept by name for the session; and
 * after /clear the request ids went on at req-3 where a fresh session says req-1).
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { requestsOf, runAll, text, use } from "./helpers.ts";

const ws = useTempWorkspace();
const lead = (content: object[], extra: object = {}) => ({ ...extra, content });
// Polls fast, and never times out during a test: only the protocol ends a teammate here.
const flags = { "idle-poll-ms": "50", "idle-timeout-ms": "600000" };

/** Spawn alice, ask her to shut down, she agrees: the turns of one teammate's whole life. */
function firstLife(planFirst: boolean) {
  return [
    lead([use("spawn_teammate", { name: "alice", role: "reads", prompt: "Wait.", plan_first: planFirst })]),
    lead([text("spawned")]),
    { agent: "alice", content: [use("idle", {})] },
    lead([use("shutdown_request", { teammate: "alice" })], { after: { agent: "alice", served: 1 } }),
    lead([text("asked")]),
    { agent: "alice", expect: { lastUserIncludes: "request_id: req-1" }, content: [use("shutdown_response", { request_id: "req-1", approve: true })] },
    lead([text("she left")], { expect: { lastUserIncludes: "From alice (shutdown_response" } }),
  ];
}

/**
 * Run the lead on `prompts` ("/clear" clears the conversation between two of them), with the
 * script's turns; the agent is closed however it ends.
 */
async function drive(turns: object[], prompts: string[], extraFlags: Record<string, string> = {}) {
  const scripted = await scriptedAgent(lesson, JSON.stringify({ turns }), ws.dir, { flags: { ...flags, ...extraFlags } });
  const { agent, renderer } = scripted;
  try {
    for (const prompt of prompts) {
      if (prompt === "/clear") agent.clear();
      else await runAll(agent, prompt, renderer);
    }
  } finally {
    await agent.close?.();
  }
  return scripted;
}

const acceptEdits = { "permission-mode": "acceptEdits" };

describe("a teammate spawned again under the same name", () => {
  it("is not leaving: her new phase goes past its first step (no /clear between)", async () => {
    await writeFile(path.join(ws.dir, "notes.txt"), "second life\n");
    const { simulator, renderer } = await drive(
      [
        ...firstLife(false),
        lead([use("spawn_teammate", { name: "alice", role: "reads", prompt: "Read notes.txt." })]),
        lead([text("spawned again")]),
        { agent: "alice", content: [use("read_file", { path: "notes.txt" })] },
        { agent: "alice", expect: { lastUserIncludes: "second life" }, content: [use("idle", {})] },
      ],
      ["spawn alice", "shut her down", "spawn her again"],
    );
    expect(renderer.ofKind("error").map((e) => e.text)).toEqual([]);
    // Before the fix her phase ended after read_file: the idle turn was never asked for.
    expect(simulator.remaining()).toBe(0);
    expect(requestsOf(simulator.requests, "alice")).toHaveLength(4);
  });

  it("is gated only if asked now: a plan_first alice shut down, spawned again without it, may write at once", async () => {
    const { simulator } = await drive(
      [
        ...firstLife(true),
        lead([use("spawn_teammate", { name: "alice", role: "writes", prompt: "Write hi.txt." })]),
        lead([text("spawned again")]),
        { agent: "alice", content: [use("write_file", { path: "hi.txt", content: "hi\n" })] },
        { agent: "alice", content: [use("idle", {})] },
      ],
      ["spawn alice", "shut her down", "spawn her again"],
      acceptEdits,
    );
    expect(simulator.remaining()).toBe(0);
    const write = toolResultsOf(requestsOf(simulator.requests, "alice").at(-1)!.body)[0]!;
    expect(write.isError, write.content).toBe(false);
  });

  it("after /clear: request ids start at req-1 again, and no plan gate is left from the first alice", async () => {
    const { simulator, renderer } = await drive(
      [
        ...firstLife(true),
        lead([use("spawn_teammate", { name: "alice", role: "writes", prompt: "Write hi.txt." })]),
        lead([text("spawned again")]),
        { agent: "alice", content: [use("write_file", { path: "hi.txt", content: "hi\n" })] },
        { agent: "alice", content: [use("idle", {})] },
        lead([use("shutdown_request", { teammate: "alice" })], { after: { agent: "alice", served: 2 } }),
        lead([text("asked")]),
        { agent: "alice", expect: { lastUserIncludes: "request_id: req-1" }, content: [use("shutdown_response", { request_id: "req-1", approve: true })] },
        lead([text("done")], { expect: { lastUserIncludes: "From alice (shutdown_response" } }),
      ],
      ["spawn alice", "shut her down", "/clear", "spawn her again", "shut her down"],
      acceptEdits,
    );
    expect(renderer.ofKind("error").map((e) => e.text)).toEqual([]);
    expect(simulator.remaining()).toBe(0);
    const alice = requestsOf(simulator.requests, "alice");
    // The second alice's write ran (no gate left over) …
    expect(toolResultsOf(alice.at(-2)!.body)[0]!.isError).toBe(false);
    // … and the lead's request to her is req-1, as in a fresh session.
    const asked = requestsOf(simulator.requests, "lead").at(-2)!;
    expect(toolResultsOf(asked.body)[0]!.content).toMatch(/request_id: req-1/);
  });
});
