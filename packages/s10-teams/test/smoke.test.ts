/**
 * The s10 demo, end to end: the real SDK, the simulator, real tools, in a fresh copy of the
 * practice workspace. Two teammates work at the same time, each under its own name (in the
 * requests, on screen); alice's mail wakes bob, bob's wakes the lead; the function and its
 * passing test are on disk; the roster says who was on the team; nobody asked a question.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { checkConversation } from "@learn/core";
import { loadScript } from "@learn/core/simulator";
import { scriptedAgent, toolResultsOf, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { MAIL_WAKE_PROMPT } from "../src/inbox/inbox.ts";
import { bodyOf, lastMessage, requestsOf, runDemo, textOfMessage } from "./helpers.ts";

const ws = useTempWorkspace();

describe("s10 demo: two teammates at once", () => {
  it("alice writes the function, bob its test; their mail wakes bob, then the lead; the lead reports both", async () => {
    const { simulator, renderer, turns, asked } = await runDemo(lesson, 0, ws.dir);
    expect(renderer.ofKind("error")).toEqual([]);
    expect(asked).toEqual([]);
    expect(simulator.remaining()).toBe(0);
    expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
    for (const r of simulator.requests) expect(checkConversation(bodyOf(r).messages)).toBeUndefined();

    // The lead: its prompt, then one turn woken by bob's mail.
    expect(turns.map((t) => [t.source, t.prompt === MAIL_WAKE_PROMPT])).toEqual([
      [undefined, false],
      ["mail from bob", true],
    ]);
    expect(turns[1]!.answer).toMatch(/^Done, by two teammates at once/);
    const lead = requestsOf(simulator.requests, "lead");
    expect(lead).toHaveLength(3);
    expect(textOfMessage(lastMessage(lead[2]!))).toContain("<inbox>\nFrom bob (message,");

    // Each teammate under its own name, with its identity and the mail tools, and not the lead's.
    const alice = requestsOf(simulator.requests, "alice");
    const bob = requestsOf(simulator.requests, "bob");
    expect(alice).toHaveLength(3);
    expect(bob).toHaveLength(5);
    const toolsOf = (r: (typeof alice)[0]) => (bodyOf(r).tools ?? []).map((t) => t.name);
    expect(toolsOf(alice[0]!)).toEqual(expect.arrayContaining(["send_message", "read_inbox", "write_file", "bash"]));
    expect(toolsOf(alice[0]!)).not.toContain("spawn_teammate");
    // bob went idle after writing; alice's mail woke him with a turn of its own.
    const woken = lastMessage(bob[2]!);
    expect(textOfMessage(woken)).toContain(MAIL_WAKE_PROMPT);
    expect(textOfMessage(woken)).toContain("From alice (message,");
    expect(toolResultsOf(bob[3]!.body)[0]!.content).toContain("# pass 3");

    // On disk: the function, its passing test, the roster; the mailboxes are empty (every message read).
    expect(await readFile(path.join(ws.dir, "shop/src/discount.js"), "utf8")).toContain("export function discounted");
    expect(await readFile(path.join(ws.dir, "shop/test/discount.test.js"), "utf8")).toContain('from "../src/discount.js"');
    const roster = JSON.parse(await readFile(path.join(ws.dir, ".team/config.json"), "utf8")) as { members: { name: string; status: string }[] };
    expect(roster.members.map((m) => [m.name, m.status])).toEqual([
      ["alice", "shutdown"],
      ["bob", "shutdown"],
    ]);
    for (const name of ["lead", "alice", "bob"]) {
      const box = await readFile(path.join(ws.dir, `.team/inbox/${name}.jsonl`), "utf8").catch(() => "");
      expect(box.trim()).toBe("");
    }
    // On screen: each teammate's lines under its name.
    expect(renderer.teammateNamed("alice").ofKind("toolCall").map((c) => c.name)).toEqual(["write_file", "send_message"]);
    expect(renderer.teammateNamed("bob").ofKind("toolCall").map((c) => c.name)).toEqual(["write_file", "bash", "send_message"]);
  });
});

describe("s10 demo, cancelled", () => {
  it("Ctrl-C in the lead's first turn: bob's turn, held until the lead's next, ends with why instead of hanging", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    const { agent, renderer, simulator } = await scriptedAgent(lesson, script, ws.dir, { flags: { ...lesson.demoFlags } });
    // Ctrl-C once both teammates are spawned: the lead's turn ends before its second request.
    const ctrlC = new AbortController();
    const show = renderer.toolResult.bind(renderer);
    renderer.toolResult = (name, outcome, id) => {
      show(name, outcome, id);
      if (outcome.content.startsWith("Spawned bob")) ctrlC.abort();
    };
    try {
      await expect(agent.run(script.prompt as string, ctrlC.signal)).rejects.toThrow(/abort/i);
      // The session goes on, as in the REPL: the teammates work until nothing is left they can do.
      // (A limit, not a measure: before the fix, bob waited here for ever.)
      await vi.waitFor(() => expect(agent.working?.()).toBe(false), { timeout: 40_000, interval: 50 });
    } finally {
      await agent.close?.();
    }
    const errors = renderer.ofKind("error").map((e) => e.text);
    expect(errors).toEqual([
      expect.stringMatching(
        /^bob stopped with an error: The API answered 400 invalid_request_error: script turn 4 for agent "bob" \(turns\[\d+\]\): it waits for agent "lead" to be served 2 turns .*but the turn of "lead" was cancelled after it was served 1 turn: the script cannot go on as written/,
      ),
    ]);
    expect(requestsOf(simulator.requests, "lead")).toHaveLength(1);
    expect(requestsOf(simulator.requests, "bob").map((r) => r.status)).toEqual([200, 200, 200, 400]);
    // alice finished her part; bob's test ran before he stopped.
    expect(await readFile(path.join(ws.dir, "shop/src/discount.js"), "utf8")).toContain("export function discounted");
  });
});
