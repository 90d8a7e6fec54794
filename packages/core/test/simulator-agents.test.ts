/**
 * Several agents on one simulator: ids per agent, turns held by `after` until another agent
 * got far enough, deadlocks answered instead of hanging, restarts — and, the point of it all,
 * three agents run concurrently through the real SDK give the same trace every time.
 */
import Anthropic, { type APIError } from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import type { Message, MessageParam, ToolSpec } from "../src/runtime/protocol.ts";
import { AGENT_HEADER } from "../src/runtime/protocol.ts";
import { parseScript } from "../src/simulator/load.ts";
import { Simulator } from "../src/simulator/index.ts";
import { scriptedModel } from "../src/testing/index.ts";
import { MemoryTracer, type TraceEntry } from "../src/platform/trace.ts";
import type { Model } from "../src/runtime/model.ts";

const bash: ToolSpec = {
  name: "bash",
  description: "Run a shell command",
  input_schema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
};

function clientFor(sim: Simulator): Anthropic {
  return new Anthropic({ apiKey: "test", baseURL: "http://simulator.invalid", fetch: sim.fetch, maxRetries: 0 });
}

function ask(text: string, tools: ToolSpec[] = [bash]) {
  return { model: "claude-sim", max_tokens: 1000, tools, messages: [{ role: "user", content: text }] as MessageParam[] };
}

const as = (agent: string) => ({ headers: { [AGENT_HEADER]: agent } });
const textOf = (m: Message) => m.content.map((b) => (b.type === "text" ? b.text : "")).join("");
const script = (yaml: string) => parseScript(yaml, "team.yaml");

/** Let pending promises and timers run: long enough for a request that is not held to finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Anthropic.BadRequestError);
  return ((error as APIError).error as { error: { message: string } }).error.message;
}

describe("ids per agent", () => {
  it("each agent counts its own ids, whatever the order of requests", async () => {
    const yaml = `
turns:
  - content: [ { type: tool_use, name: bash, input: { command: ls } } ]
  - agent: code-reviewer
    content: [ { type: tool_use, name: bash, input: { command: "git diff" } } ]
`;
    const idsIn = (m: Message) => [m.id, ...m.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : []))];
    const one = new Simulator(script(yaml));
    const leadFirst = [await clientFor(one).messages.create(ask("go")), await clientFor(one).messages.create(ask("go"), as("code-reviewer"))];
    const other = new Simulator(script(yaml));
    const reviewerFirst = [await clientFor(other).messages.create(ask("go"), as("code-reviewer")), await clientFor(other).messages.create(ask("go"))];
    expect(leadFirst.map(idsIn)).toEqual([
      ["msg_sim_lead_0001", "toolu_sim_lead_0001"],
      ["msg_sim_code_reviewer_0001", "toolu_sim_code_reviewer_0001"],
    ]);
    expect(reviewerFirst.map(idsIn).reverse()).toEqual(leadFirst.map(idsIn));
  });
});

describe("after", () => {
  const ordered = `
turns:
  - after: { agent: alice, served: 1 }
    content: [ { type: text, text: "lead, after alice" } ]
  - agent: alice
    content: [ { type: text, text: "alice 1" } ]
`;

  it("holds a request until the other agent has been served", async () => {
    const sim = new Simulator(script(ordered));
    const client = clientFor(sim);
    const finished: string[] = [];
    const lead = client.messages.create(ask("hi")).then((m) => finished.push(textOf(m)));
    await settle();
    expect(finished).toEqual([]);
    expect(sim.requests).toEqual([]);
    const alice = client.messages.create(ask("hi"), as("alice")).then((m) => finished.push(textOf(m)));
    await Promise.all([lead, alice]);
    expect(finished).toEqual(["alice 1", "lead, after alice"]);
    expect(sim.requests.map((r) => r.agent)).toEqual(["alice", "lead"]);
  });

  it("serves at once when the other agent is already far enough", async () => {
    const sim = new Simulator(script(ordered));
    const client = clientFor(sim);
    await client.messages.create(ask("hi"), as("alice"));
    expect(textOf(await client.messages.create(ask("hi")))).toBe("lead, after alice");
  });

  it("a held request can be aborted by the caller, and the turn stays", async () => {
    const sim = new Simulator(script(ordered));
    const controller = new AbortController();
    const held = clientFor(sim).messages.create(ask("hi"), { signal: controller.signal }).catch((e: unknown) => e);
    await settle();
    controller.abort();
    expect(await held).toBeInstanceOf(Anthropic.APIUserAbortError);
    expect(sim.requests).toMatchObject([{ agent: "lead", status: 0, response: { aborted: true } }]);
    expect(sim.remaining("lead")).toBe(1);
  });

  it("a circle of waits is a deadlock: every held request gets a 400 saying what it waited for", async () => {
    const sim = new Simulator(script(`
turns:
  - after: { agent: alice, served: 1 }
    content: [ { type: text, text: "lead" } ]
  - agent: alice
    after: { agent: lead, served: 1 }
    content: [ { type: text, text: "alice" } ]
`));
    const client = clientFor(sim);
    const lead = rejection(client.messages.create(ask("hi")));
    await settle();
    const alice = rejection(client.messages.create(ask("hi"), as("alice")));
    expect(await lead).toBe(
      'script turn 1 for agent "lead" (turns[0]): it waits for agent "alice" to be served 1 turn (after: { agent: alice, served: 1 }), ' +
        'but "alice" (served 0) is held waiting for "lead" to be served 1: nothing can progress (a deadlock in the script\'s `after` fields)',
    );
    expect(await alice).toBe(
      'script turn 1 for agent "alice" (turns[1]): it waits for agent "lead" to be served 1 turn (after: { agent: lead, served: 1 }), ' +
        'but "lead" (served 0) is held waiting for "alice" to be served 1: nothing can progress (a deadlock in the script\'s `after` fields)',
    );
    expect(sim.remaining()).toBe(2);
  });

  it("an agent waiting for itself is a deadlock at once", async () => {
    const sim = new Simulator(script(`
turns:
  - content: [ { type: text, text: "first" } ]
  - after: { agent: lead, served: 2 }
    content: [ { type: text, text: "never" } ]
`));
    const client = clientFor(sim);
    const first = await client.messages.create(ask("hi"));
    const messages: MessageParam[] = [...ask("hi").messages, { role: "assistant", content: first.content }, { role: "user", content: "again" }];
    expect(await rejection(client.messages.create({ ...ask("hi"), messages }))).toContain(
      'it waits for agent "lead" to be served 2 turns (after: { agent: lead, served: 2 }), but "lead" (served 1) is held waiting for "lead" to be served 2: nothing can progress',
    );
  });
});

describe("after: asked", () => {
  it("two agents can each wait for the other to have asked: neither is served before both have", async () => {
    const sim = new Simulator(script(`
turns:
  - after: { agent: alice, asked: 1 }
    content: [ { type: text, text: "lead" } ]
  - agent: alice
    after: { agent: lead, asked: 1 }
    content: [ { type: text, text: "alice" } ]
`));
    const client = clientFor(sim);
    const finished: string[] = [];
    const lead = client.messages.create(ask("hi")).then((m) => finished.push(textOf(m)));
    await settle();
    expect(finished).toEqual([]);
    const alice = client.messages.create(ask("hi"), as("alice")).then((m) => finished.push(textOf(m)));
    await Promise.all([lead, alice]);
    expect(finished.sort()).toEqual(["alice", "lead"]);
  });

  it("a circle through a held request is still a deadlock, named as a wait for a request", async () => {
    const sim = new Simulator(script(`
turns:
  - content: [ { type: text, text: "lead 1" } ]
  - after: { agent: alice, asked: 2 }
    content: [ { type: text, text: "lead 2" } ]
  - agent: alice
    after: { agent: lead, served: 2 }
    content: [ { type: text, text: "alice 1" } ]
  - agent: alice
    content: [ { type: text, text: "alice 2" } ]
`));
    const client = clientFor(sim);
    const first = await client.messages.create(ask("hi"));
    const messages: MessageParam[] = [...ask("hi").messages, { role: "assistant", content: first.content }, { role: "user", content: "again" }];
    const lead = rejection(client.messages.create({ ...ask("hi"), messages }));
    await settle();
    const alice = rejection(client.messages.create(ask("hi"), as("alice")));
    expect(await lead).toContain(
      'it waits for agent "alice" to send request 2 (after: { agent: alice, asked: 2 }), but "alice" (served 0) is held waiting for "lead" to be served 2: nothing can progress',
    );
    expect(await alice).toContain('but "lead" (served 1) is held waiting for "alice" to send request 2: nothing can progress');
  });

  it("a turn being answered (a slow one) still counts as to come: waiting for it is no deadlock", async () => {
    const sim = new Simulator(script(`
turns:
  - after: { agent: alice, asked: 2 }
    content: [ { type: text, text: "lead" } ]
  - agent: alice
    delayMs: 50
    content: [ { type: text, text: "alice 1" } ]
  - agent: alice
    content: [ { type: text, text: "alice 2" } ]
`));
    const client = clientFor(sim);
    const aliceFirst = client.messages.create(ask("hi"), as("alice"));
    await new Promise((resolve) => setTimeout(resolve, 10)); // alice's first turn is now being answered
    const lead = client.messages.create(ask("hi"));
    const first = await aliceFirst;
    const messages: MessageParam[] = [...ask("hi").messages, { role: "assistant", content: first.content }, { role: "user", content: "again" }];
    expect(textOf(await client.messages.create({ ...ask("hi"), messages }, as("alice")))).toBe("alice 2");
    expect(textOf(await lead)).toBe("lead");
  });

  it("a turn's after names exactly one of served and asked", () => {
    const bad = (after: string) => () => script(`turns:\n  - after: ${after}\n    content: [ { type: text, text: x } ]\n  - agent: alice\n    content: [ { type: text, text: y } ]\n`);
    expect(bad("{ agent: alice }")).toThrow(/exactly one of served and asked/);
    expect(bad("{ agent: alice, served: 1, asked: 1 }")).toThrow(/exactly one of served and asked/);
    expect(bad("{ agent: alice, asked: 2 }")).toThrow(/agent "alice" has only 1 turns/);
  });
});

describe("after, when the agent waited for stops", () => {
  const held = `
turns:
  - after: { agent: alice, served: 2 }
    content: [ { type: text, text: "lead, after alice" } ]
  - agent: alice
    content: [ { type: tool_use, name: bash, input: { command: ls } } ]
  - agent: alice
    content: [ { type: text, text: "alice done" } ]
`;
  /** Alice's first turn (a tool call), then what her next request would be. */
  async function aliceServedOnce(client: Anthropic): Promise<MessageParam[]> {
    const first = await client.messages.create(ask("work"), as("alice"));
    const id = first.content.find((b) => b.type === "tool_use")!.id;
    return [...ask("work").messages, { role: "assistant", content: first.content }, { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: "a.txt" }] }];
  }
  const waits = 'script turn 1 for agent "lead" (turns[0]): it waits for agent "alice" to be served 2 turns (after: { agent: alice, served: 2 }), ';

  it.each([
    ["was cancelled", "cancelled"],
    ["failed", "failed"],
  ] as const)("a turn held for an agent whose turn %s fails with why, instead of waiting for ever", async (said, how) => {
    const sim = new Simulator(script(held));
    const client = clientFor(sim);
    await aliceServedOnce(client);
    const lead = rejection(client.messages.create(ask("hi")));
    await settle();
    sim.turnEnded("alice", how); // Ctrl-C while her tool ran, or her next request failed: no second request comes
    expect(await lead).toBe(`${waits}but the turn of "alice" ${said} after it was served 1 turn: the script cannot go on as written (in the REPL, /clear starts it again)`);
    // A hold that comes later fails at once too, while alice says nothing more.
    expect(await rejection(client.messages.create(ask("hi")))).toContain(`the turn of "alice" ${said}`);
    expect(sim.remaining("lead")).toBe(1);
  });

  it("a finished turn leaves the agent idle, not stopped: mail may wake it, so the hold waits on", async () => {
    const sim = new Simulator(script(held));
    const client = clientFor(sim);
    const messages = await aliceServedOnce(client);
    const finished: string[] = [];
    const lead = client.messages.create(ask("hi")).then((m) => finished.push(textOf(m)));
    sim.turnEnded("alice", "finished");
    await settle();
    expect(finished).toEqual([]);
    await client.messages.create({ ...ask("work"), messages }, as("alice"));
    await lead;
    expect(finished).toEqual(["lead, after alice"]);
  });

  it("the stopped agent's next request lifts the mark: a hold waits for it again", async () => {
    const sim = new Simulator(script(`
turns:
  - after: { agent: alice, served: 3 }
    content: [ { type: text, text: "lead, after alice" } ]
  - agent: alice
    repeat: 3
    content: [ { type: text, text: "alice" } ]
`));
    const client = clientFor(sim);
    await client.messages.create(ask("work"), as("alice"));
    sim.turnEnded("alice", "cancelled");
    await client.messages.create(ask("again"), as("alice")); // a new prompt: she goes on
    const lead = client.messages.create(ask("hi"));
    await client.messages.create(ask("more"), as("alice"));
    expect(textOf(await lead)).toBe("lead, after alice");
  });
});

describe("restart", () => {
  const twoTurns = `
turns:
  - content: [ { type: tool_use, name: bash, input: { command: ls } } ]
  - content: [ { type: text, text: "done" } ]
  - agent: alice
    content: [ { type: text, text: "alice" } ]
`;
  const firstCallId = (m: Message) => m.content.find((b) => b.type === "tool_use")?.id;

  it("restart(agent) starts that agent's script again, ids included; others keep their place", async () => {
    const sim = new Simulator(script(twoTurns));
    const client = clientFor(sim);
    await client.messages.create(ask("hi"), as("alice"));
    expect(firstCallId(await client.messages.create(ask("hi")))).toBe("toolu_sim_lead_0001");
    sim.restart("lead");
    expect(sim.remaining("lead")).toBe(2);
    expect(sim.remaining("alice")).toBe(0);
    expect(firstCallId(await client.messages.create(ask("hi")))).toBe("toolu_sim_lead_0001");
  });

  it("restart() starts every agent again", async () => {
    const sim = new Simulator(script(twoTurns));
    await clientFor(sim).messages.create(ask("hi"), as("alice"));
    await clientFor(sim).messages.create(ask("hi"));
    sim.restart();
    expect(sim.remaining()).toBe(3);
  });

  it("a fresh conversation from an agent whose turns ran out starts its script again", async () => {
    const sim = new Simulator(script(twoTurns));
    const client = clientFor(sim);
    const first = await client.messages.create(ask("hi"));
    const id = firstCallId(first)!;
    const messages: MessageParam[] = [
      ...ask("hi").messages,
      { role: "assistant", content: first.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: "a.txt" }] },
    ];
    expect(textOf(await client.messages.create({ ...ask("hi"), messages }))).toBe("done");
    // The same conversation going on is a script that ran out; a new one starts it again.
    const more: MessageParam[] = [...messages, { role: "assistant", content: "done" }, { role: "user", content: "more?" }];
    expect(await rejection(client.messages.create({ ...ask("hi"), messages: more }))).toContain('script has run out for agent "lead"');
    expect(firstCallId(await client.messages.create(ask("hi again")))).toBe("toolu_sim_lead_0001");
    expect(sim.remaining("lead")).toBe(1);
  });
});

/** A tiny agent loop: call the model, answer each bash call with a canned result, until it stops. */
async function runAgent(model: Model, prompt: string, jitter: () => Promise<void>): Promise<string> {
  const messages: MessageParam[] = [{ role: "user", content: prompt }];
  for (;;) {
    await jitter();
    const response = await model.call({ system: `You are ${model.agent}.`, messages, tools: [bash] });
    messages.push({ role: "assistant", content: response.content });
    const calls = response.content.filter((b) => b.type === "tool_use");
    if (calls.length === 0) return textOf(response);
    await jitter();
    const command = (input: unknown) => String((input as { command?: string }).command);
    messages.push({ role: "user", content: calls.map((c) => ({ type: "tool_result" as const, tool_use_id: c.id, content: `ran: ${command(c.input)}` })) });
  }
}

const team = `
turns:
  - content: [ { type: text, text: "Starting the team." }, { type: tool_use, name: bash, input: { command: "git status" } } ]
  - after: { agent: alice, served: 2 }
    content: [ { type: tool_use, name: bash, input: { command: "cat alice.md" } } ]
  - after: { agent: bob, served: 3 }
    expect: { lastUserIncludes: "ran: cat alice.md" }
    content: [ { type: text, text: "Alice and Bob are done." } ]
  - agent: alice
    content: [ { type: tool_use, name: bash, input: { command: "ls" } }, { type: tool_use, name: bash, input: { command: "wc -l *" } } ]
  - agent: alice
    expect: { lastUserIncludes: "ran: wc -l *" }
    content: [ { type: text, text: "Alice: counted." } ]
  - agent: bob
    repeat: 2
    content: [ { type: tool_use, name: bash, input: { command: "npm test" } } ]
  - agent: bob
    after: { agent: alice, served: 1 }
    content: [ { type: text, text: "Bob: tested." } ]
`;

describe("three agents at once", () => {
  it("give the same trace, agent by agent, on every run", async () => {
    const parsed = script(team);
    let seed = 7;
    // A little randomness in when each agent calls, so the runs really interleave differently.
    const jitter = () => new Promise<void>((resolve) => setTimeout(resolve, (seed = (seed * 48271) % 2147483647) % 4));
    const runs: string[] = [];
    for (let run = 0; run < 20; run++) {
      const tracer = new MemoryTracer();
      const { model: lead, renderer, simulator } = scriptedModel(parsed, { tracer });
      const answers = await Promise.all([
        runAgent(lead, "Get the team going.", jitter),
        runAgent(lead.forAgent("alice", renderer), "Count the lines.", jitter),
        runAgent(lead.forAgent("bob", renderer), "Run the tests.", jitter),
      ]);
      expect(answers).toEqual(["Alice and Bob are done.", "Alice: counted.", "Bob: tested."]);
      expect(simulator.remaining()).toBe(0);
      // \`after\` held the lead back: the simulator answered its 2nd turn after Alice's 2nd, its 3rd after Bob's 3rd.
      const answered = (agent: string, n: number) => simulator.requests.filter((r) => r.agent === agent)[n - 1]!;
      expect(simulator.requests.indexOf(answered("lead", 2))).toBeGreaterThan(simulator.requests.indexOf(answered("alice", 2)));
      expect(simulator.requests.indexOf(answered("lead", 3))).toBeGreaterThan(simulator.requests.indexOf(answered("bob", 3)));
      const byAgent = ["lead", "alice", "bob"].map((agent) => tracer.entries.filter((e) => e.agent === agent));
      runs.push(JSON.stringify(byAgent));
    }
    expect(new Set(runs).size).toBe(1);
    const entries = JSON.parse(runs[0]!) as TraceEntry[][];
    expect(entries.map((agent) => agent.length)).toEqual([6, 4, 6]);
  });
});
