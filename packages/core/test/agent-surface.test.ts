/**
 * The extension surface every lesson from s04 on stands on: parts → agentFrom, one agent
 * context for tools / hooks / wrappers, system prompts as blocks, the agent's own (quiet)
 * model call, ending and continuing turns, submitted prompts, and failed turns.
 * Each test drives the real SDK through the simulator.
 */
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import * as core from "../src/index.ts";
import {
  agentFrom,
  defineHook,
  defineTool,
  Kernel,
  partsWith,
  runUntilIdle,
  type AgentContext,
  type AgentOptions,
  type AgentParts,
  type ModelWrapper,
} from "../src/index.ts";
import { announceSubmitted } from "../src/runtime/agent/run-until-idle.ts";
import { failedTurnNote } from "../src/runtime/messages.ts";
import type { MessageParam } from "../src/runtime/protocol.ts";
import { OFFLINE_DRIFT, OFFLINE_MISS, reportTurnError } from "../src/app/turn-errors.ts";
import { RecordingRenderer, scriptedModel } from "../src/testing/index.ts";

const signal = () => new AbortController().signal;

/** A tool that records the context it ran in. */
function probeTool(seen: AgentContext[] = []) {
  const tool = defineTool({
    name: "probe",
    description: "Record the context.",
    input: z.object({ n: z.number().optional() }),
    run: (_input, ctx) => {
      seen.push(ctx);
      return `ran in ${ctx.cwd} as ${ctx.agent}`;
    },
  });
  return { tool, seen };
}

function optionsFor(script: string, extra: Partial<AgentOptions> = {}) {
  const scripted = scriptedModel(script);
  const options: AgentOptions = {
    model: scripted.model,
    cwd: "/tmp",
    renderer: scripted.renderer,
    interactive: false,
    ask: async () => "n",
    flags: {},
    ...extra,
  };
  return { ...scripted, options };
}

const bodiesOf = (simulator: { requests: { body: unknown }[] }) =>
  simulator.requests.map((r) => r.body as { system?: unknown; messages: MessageParam[]; tools?: unknown[]; max_tokens: number });

const PROBE_THEN_DONE = `
turns:
  - content: [ { type: tool_use, name: probe, input: {} } ]
  - content: [ { type: text, text: done } ]
`;

describe("parts and agentFrom", () => {
  it("builds the agent from its parts: the anatomy, the commands, /clear and close come from them", async () => {
    const { tool } = probeTool();
    const cleared: string[] = [];
    const closed: string[] = [];
    const parts: AgentParts = partsWith({
      tools: [tool],
      hooks: [defineHook("Stop", "never-stops", async () => undefined)],
      sections: [
        { name: "identity", text: "You are a probe." },
        { name: "style", text: "Be brief." },
      ],
      commands: [{ name: "probe", description: "probe it", run: () => "probed" }],
      onClear: [() => cleared.push("plan")],
      close: [() => void closed.push("jobs")],
    });
    const { options, simulator } = optionsFor(PROBE_THEN_DONE);
    const agent = agentFrom(parts, options);
    expect(agent.anatomy()).toEqual({ mechanisms: [], tools: ["probe"], hooks: ["never-stops"], promptSections: ["identity", "style"], commands: ["probe"], grants: [] });
    expect(agent.commands?.map((c) => c.name)).toEqual(["probe"]);
    expect(await agent.run("go", signal())).toBe("done");
    expect(bodiesOf(simulator)[0]!.system).toBe("You are a probe.\nBe brief.");
    agent.clear();
    expect(cleared).toEqual(["plan"]);
    await agent.close?.();
    expect(closed).toEqual(["jobs"]);
  });

  it("tells the model how each turn ended — finished, failed, cancelled — so the offline model knows an agent stopped mid-script", async () => {
    const ended: string[] = [];
    const ctrlC = new AbortController();
    const interrupt = core.defineTool({ name: "interrupt", description: "Press Ctrl-C.", input: z.object({}), run: () => (ctrlC.abort(), "pressed") });
    const { options } = optionsFor(`
turns:
  - content: [ { type: text, text: one } ]
  - error: { status: 400, type: invalid_request_error, message: bad }
  - content: [ { type: tool_use, name: interrupt, input: {} } ]
`);
    const model = new core.Model({ ...options.model.options, onTurnEnd: (agent, how) => void ended.push(`${agent} ${how}`) });
    const agent = agentFrom(partsWith({ tools: [interrupt] }), { ...options, model });
    expect(await agent.run("a", signal())).toBe("one");
    await expect(agent.run("b", signal())).rejects.toThrow(/bad/);
    await expect(agent.run("c", ctrlC.signal)).rejects.toThrow(/abort/i);
    expect(ended).toEqual(["lead finished", "lead failed", "lead cancelled"]);
  });

  it("a command gets the agent's context between turns: its conversation and its own model call", async () => {
    const seen: string[] = [];
    const peek = { name: "peek", description: "", run: (_args: string, ctx?: AgentContext) => void seen.push(`${ctx?.agent}: ${ctx?.messages.length} messages`) };
    const { options } = optionsFor("turns:\n  - content: [ { type: text, text: done } ]\n");
    const agent = agentFrom(partsWith({ commands: [peek] }), options);
    await agent.commands![0]!.run("");
    await agent.run("go", signal());
    await agent.commands![0]!.run("");
    expect(seen).toEqual(["lead: 0 messages", "lead: 2 messages"]);
  });

  it("ctx.liveState() gives the notes of the final parts, however late a lesson added them", async () => {
    const seen: string[][] = [];
    const spy = defineHook("PreModel", "spy", async (_e, ctx) => void seen.push(ctx.liveState()));
    const early = partsWith({ hooks: [spy], liveState: [() => "<plan>one</plan>", () => undefined] });
    const late = { ...early, liveState: [...early.liveState, () => "<tasks>#1</tasks>"] }; // a later lesson's
    const { options } = optionsFor("turns:\n  - content: [ { type: text, text: done } ]\n");
    await agentFrom(late, options).run("go", signal());
    expect(seen).toEqual([["<plan>one</plan>", "<tasks>#1</tasks>"]]);
  });

  it("a child built from the same parts function gets fresh state", async () => {
    // A parts function whose hook counts calls: each agent built from it counts its own.
    const partsOf = async (): Promise<AgentParts> => {
      let count = 0;
      const counter = defineHook("PreModel", "counter", async () => void count++);
      return partsWith({ hooks: [counter], commands: [{ name: "count", description: "", run: () => String(count) }] });
    };
    const script = "turns:\n  - content: [ { type: text, text: a } ]\n  - agent: child\n    content: [ { type: text, text: b } ]\n";
    const { options } = optionsFor(script);
    const lead = agentFrom(await partsOf(), options);
    const child = agentFrom(await partsOf(), { ...options, model: options.model.forAgent("child", options.renderer) });
    await lead.run("go", signal());
    await child.run("go", signal());
    await lead.run("again", signal()).catch(() => undefined); // the script has no third turn
    expect(lead.commands![0]!.run("")).toBe("2");
    expect(child.commands![0]!.run("")).toBe("1");
  });
});

describe("the system prompt from the parts", () => {
  const ANSWER = "turns:\n  - content: [ { type: text, text: ok } ]\n";
  const sections = [
    { name: "identity", text: "You are a probe." },
    { name: "planning", text: "Plan with todo_write.", tools: ["todo_write"] },
    { name: "probing", text: "Probe first.", tools: ["probe", "other"] },
  ];

  it("a section that needs a tool is there only when the agent has one of its tools", async () => {
    const { tool } = probeTool();
    const { options, simulator } = optionsFor(ANSWER);
    await agentFrom(partsWith({ tools: [tool], sections }), options).run("go", signal());
    expect(bodiesOf(simulator)[0]!.system).toBe("You are a probe.\nProbe first.");
    expect(core.sectionsFor(sections, []).map((s) => s.name)).toEqual(["identity"]);
  });

  it("an assembly builds the prompt from the agent's final sections and tools, and names what it adds", async () => {
    const { tool } = probeTool();
    const seen: string[][] = [];
    const assemble: core.PromptAssembly = {
      sections: ["environment"],
      build({ sections: final, tools }) {
        seen.push([...final.map((s) => s.name), "|", ...tools.map((t) => t.name)]);
        return (ctx) => [{ type: "text", text: core.joinSections(final) }, { type: "text", text: `cwd: ${ctx.cwd}` }];
      },
    };
    const { options, simulator } = optionsFor(ANSWER);
    const agent = agentFrom(partsWith({ tools: [tool], sections, assemble }), options);
    expect(agent.anatomy().promptSections).toEqual(["identity", "planning", "probing", "environment"]);
    await agent.run("go", signal());
    expect(seen).toEqual([["identity", "probing", "|", "probe"]]);
    expect(bodiesOf(simulator)[0]!.system).toEqual([
      { type: "text", text: "You are a probe.\nProbe first." },
      { type: "text", text: "cwd: /tmp" },
    ]);
  });
});

describe("one agent context", () => {
  it("tools, hooks and wrappers all see the same agent, cwd and signal; cwd is read every round", async () => {
    let where = "/first";
    const { tool, seen } = probeTool();
    const hookSaw: string[] = [];
    const wrapperSaw: string[] = [];
    const hook = defineHook("PreToolUse", "spy", async (_e, ctx) => void hookSaw.push(`${ctx.agent}@${ctx.cwd}`));
    const wrapper: ModelWrapper = (next) => async (request, ctx) => {
      wrapperSaw.push(`${ctx.agent}@${ctx.cwd}`);
      const response = await next(request, ctx);
      where = "/second"; // the agent moves (as into a worktree) between rounds
      return response;
    };
    const script = `turns:\n  - content: [ { type: tool_use, name: probe, input: {} } ]\n  - content: [ { type: tool_use, name: probe, input: {} } ]\n  - content: [ { type: text, text: done } ]\n`;
    const { model, renderer } = scriptedModel(script);
    const kernel = new Kernel({ model, system: "s", tools: [tool], hooks: [hook], wrappers: [wrapper], cwd: () => where, renderer });
    expect(await kernel.run("go", signal())).toBe("done");
    expect(wrapperSaw).toEqual(["lead@/first", "lead@/second", "lead@/second"]);
    expect(hookSaw).toEqual(["lead@/second", "lead@/second"]);
    expect(seen.map((c) => c.cwd)).toEqual(["/second", "/second"]);
    expect(seen[0]!.messages).toBe(kernel.messages);
  });

  it("the system prompt may be text blocks built from the context", async () => {
    const { model, renderer, simulator } = scriptedModel("turns:\n  - content: [ { type: text, text: ok } ]\n");
    const system = (ctx: AgentContext) => [
      { type: "text" as const, text: `You are ${ctx.agent}.` },
      { type: "text" as const, text: `cwd: ${ctx.cwd}` },
    ];
    const kernel = new Kernel({ model, system, tools: [], cwd: "/w", renderer });
    await kernel.run("go", signal());
    expect(bodiesOf(simulator)[0]!.system).toEqual([
      { type: "text", text: "You are lead." },
      { type: "text", text: "cwd: /w" },
    ]);
  });

  it("ctx.model is the agent's own call: through its wrappers, under its name, quiet when asked", async () => {
    const script = `turns:
  - agent: child
    content: [ { type: tool_use, name: summarize, input: {} } ]
  - agent: child
    expect: { noTools: true }
    content: [ { type: text, text: "a quiet summary" } ]
  - agent: child
    content: [ { type: text, text: done } ]
`;
    const scripted = scriptedModel(script);
    const renderer = new RecordingRenderer();
    const childModel = scripted.model.forAgent("child", renderer);
    const wrapped: string[] = [];
    const wrapper: ModelWrapper = (next) => async (request, ctx) => {
      wrapped.push(`${ctx.agent}${request.quiet ? " (quiet)" : ""}`);
      return next(request, ctx);
    };
    const summarize = defineTool({
      name: "summarize",
      description: "Summarize with a model call of our own.",
      input: z.object({}),
      run: async (_i, ctx) => core.textOf(await ctx.model({ messages: [{ role: "user", content: "sum up" }], quiet: true, maxRetries: 0 })),
    });
    const kernel = new Kernel({ model: childModel, system: "s", tools: [summarize], wrappers: [wrapper], cwd: "/tmp", renderer });
    expect(await kernel.run("go", signal())).toBe("done");
    expect(wrapped).toEqual(["child", "child (quiet)", "child"]);
    expect(scripted.simulator.requests.map((r) => r.agent)).toEqual(["child", "child", "child"]);
    const streamed = renderer.ofKind("text").map((e) => e.text).join("");
    expect(streamed).not.toContain("a quiet summary");
    expect(renderer.ofKind("toolResult").map((e) => e.outcome.content)).toEqual(["a quiet summary"]);
  });
});

describe("ending and continuing turns", () => {
  it("the max_tokens notice shows only when no Stop hook carries the turn on", async () => {
    const script = `turns:
  - stop_reason: max_tokens
    content: [ { type: text, text: "cut o" } ]
  - content: [ { type: text, text: "finished" } ]
`;
    const { model, renderer } = scriptedModel(script);
    let continued = false;
    const keepGoing = defineHook("Stop", "continue-once", async () => {
      if (continued) return undefined;
      continued = true;
      return { continueWith: "go on" };
    });
    const kernel = new Kernel({ model, system: "s", tools: [], hooks: [keepGoing], cwd: "/tmp", renderer });
    expect(await kernel.run("go", signal())).toBe("finished");
    expect(renderer.ofKind("notice")).toEqual([]);
  });

  it("PostToolBatch may end the turn after its round: no further model call", async () => {
    const { tool } = probeTool();
    const { model, renderer, simulator } = scriptedModel(PROBE_THEN_DONE);
    const idle = defineHook("PostToolBatch", "idle", async () => ({ append: ["<idle/>"], endTurn: true }));
    const kernel = new Kernel({ model, system: "s", tools: [tool], hooks: [idle], cwd: "/tmp", renderer });
    await kernel.run("go", signal());
    expect(simulator.requests).toHaveLength(1);
    const last = kernel.messages.at(-1)!;
    expect(last.role).toBe("user");
    expect((last.content as { type: string }[]).map((b) => b.type)).toEqual(["tool_result", "text"]);
  });
});

describe("turns from outside", () => {
  it("submit() queues a prompt that runs when the agent is idle; run() refuses to run twice at once", async () => {
    // A part that acts for the agent gets it at start (as s09's jobs do) and submits through it.
    let running: core.RunningAgent | undefined;
    const submitter = defineTool({
      name: "later",
      description: "Ask for a turn later.",
      input: z.object({}),
      run: () => {
        running!.submit("the job finished", { source: "background job 1" });
        return "queued";
      },
    });
    const script = `turns:
  - content: [ { type: tool_use, name: later, input: {} } ]
  - content: [ { type: text, text: first } ]
  - expect: { lastUserIncludes: "the job finished" }
    content: [ { type: text, text: second } ]
`;
    const { options, renderer } = optionsFor(script);
    const agent = agentFrom(partsWith({ tools: [submitter], start: [(a) => (running = a)] }), options);
    const first = agent.run("go", signal());
    await expect(agent.run("again", signal())).rejects.toThrow(/already running a turn/);
    expect(await first).toBe("first");
    expect(agent.submitted?.size).toBe(1);
    expect(await runUntilIdle(agent, "nothing new", signal(), renderer).catch((e: Error) => e.message)).toMatch(/ran out|no more|expected/i);
  });

  it("the kernel keeps no queue: a tool's context has no submit (the running agent has, s09)", async () => {
    const { model, renderer } = scriptedModel(`turns:\n  - content: [ { type: text, text: done } ]\n`);
    const kernel = new Kernel({ model, system: "s", tools: [], cwd: "/tmp", renderer });
    expect(Object.keys(kernel.context(signal())).sort()).toEqual(["afterCompact", "agent", "beforeCompact", "cwd", "liveState", "messages", "model", "renderer", "signal"]);
  });

  it("runUntilIdle runs submitted prompts and waits while something still works for the agent", async () => {
    const script = `turns:
  - content: [ { type: text, text: started } ]
  - expect: { lastUserIncludes: "job done" }
    content: [ { type: text, text: "saw the job" } ]
`;
    const { options, renderer } = optionsFor(script);
    let working = true;
    const parts = partsWith({ working: [() => working] });
    const agent = agentFrom(parts, options);
    setTimeout(() => {
      agent.submitted!.push("job done", { source: "background job 7" });
      working = false;
    }, 20);
    expect(await runUntilIdle(agent, "start", signal(), renderer)).toBe("saw the job");
    expect(renderer.ofKind("notice").map((n) => n.text)).toEqual(["A turn started by background job 7: job done"]);
  });

  it("runUntilIdle answers as soon as a part wakes the agent, not at the next poll", async () => {
    // The poll's timer never fires here (fake timers): only the wake can end the wait.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { options, renderer } = optionsFor(`turns:\n  - content: [ { type: text, text: "the answer" } ]\n`);
      let working = false;
      let running: core.RunningAgent | undefined;
      const agent = agentFrom(partsWith({ working: [() => working], start: [(a) => (running = a)] }), options);
      // As s09's scheduler does after a turn: it looks at its file (working meanwhile), then wakes the agent.
      running!.onIdle(() => {
        working = true;
        setImmediate(() => {
          working = false;
          running!.wake();
        });
      });
      let answer: string | undefined;
      const run = runUntilIdle(agent, "go", signal(), renderer).then((a) => (answer = a));
      for (let i = 0; i < 50 && answer === undefined; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(answer).toBe("the answer");
      await vi.runAllTimersAsync(); // without the wake: let the run end, so the test does not hang
      await run;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the running agent, as its parts see it", () => {
  it("start hands each part the agent once: busy during a turn, onIdle after every turn, however it ended", async () => {
    const script = `turns:
  - content: [ { type: tool_use, name: probe, input: {} } ]
  - content: [ { type: text, text: done } ]
  - error: { status: 400, type: invalid_request_error, message: "bad" }
`;
    const { options } = optionsFor(script);
    const seen: string[] = [];
    let agentSeen: core.RunningAgent | undefined;
    const probe = defineTool({
      name: "probe",
      description: "Say whether the agent is busy.",
      input: z.object({}),
      run: () => {
        seen.push(`busy during the turn: ${agentSeen!.busy()}`);
        return "ok";
      },
    });
    const start = (agent: core.RunningAgent) => {
      seen.push("started");
      agentSeen = agent;
      agent.onIdle(() => seen.push(`idle, busy: ${agent.busy()}`));
    };
    const agent = agentFrom(partsWith({ tools: [probe], start: [start] }), options);
    expect(agentSeen!.busy()).toBe(false);
    expect(await agent.run("one", signal())).toBe("done");
    await expect(agent.run("two", signal())).rejects.toThrow(/bad/);
    expect(seen).toEqual(["started", "busy during the turn: true", "idle, busy: false", "idle, busy: false"]);
    agentSeen!.submit("later", { source: "cron" });
    expect(agent.submitted?.take()).toEqual({ prompt: "later", source: "cron" });
  });

  it("a second run refused while a turn runs does not announce idle; a listener that throws is shown, the answer stands", async () => {
    const script = `turns:
  - content: [ { type: text, text: first } ]
`;
    const { options, renderer } = optionsFor(script);
    let idle = 0;
    const start = (agent: core.RunningAgent) => {
      agent.onIdle(() => idle++);
      agent.onIdle(() => {
        throw new Error("listener broke");
      });
    };
    const agent = agentFrom(partsWith({ start: [start] }), options);
    const first = agent.run("go", signal());
    await expect(agent.run("again", signal())).rejects.toThrow(/already running a turn/);
    expect(idle).toBe(0);
    expect(await first).toBe("first");
    expect(idle).toBe(1);
    expect(renderer.ofKind("error").map((e) => e.text)).toEqual(["After the turn: listener broke"]);
  });

  it("a submitted prompt is announced in one line: its first line, cut, and its size", async () => {
    const renderer = new RecordingRenderer();
    announceSubmitted(renderer, "short", "cron job cron-1");
    announceSubmitted(renderer, `Background job job-1 finished.\n<background-results>\n${"x".repeat(300)}\n</background-results>`, "background job job-1");
    announceSubmitted(renderer, "y".repeat(150), "mail");
    expect(renderer.ofKind("notice").map((n) => n.text)).toEqual([
      "A turn started by cron job cron-1: short",
      "A turn started by background job job-1: Background job job-1 finished. (374 chars)",
      `A turn started by mail: ${"y".repeat(99)}… (150 chars)`,
    ]);
  });

  it("runUntilIdle tells its caller each turn it ran, with who submitted it", async () => {
    const script = `turns:
  - content: [ { type: text, text: started } ]
  - content: [ { type: text, text: "saw it" } ]
`;
    const { options, renderer } = optionsFor(script);
    const agent = agentFrom(partsWith({}), options);
    const turns: core.IdleRunTurn[] = [];
    const done = runUntilIdle(agent, "start", signal(), renderer, (turn) => {
      turns.push(turn);
      if (turns.length === 1) agent.submitted!.push("job done", { source: "background job job-1" });
    });
    expect(await done).toBe("saw it");
    expect(turns).toEqual([
      { prompt: "start", answer: "started" },
      { prompt: "job done", source: "background job job-1", answer: "saw it" },
    ]);
  });
});

describe("failed turns", () => {
  it("an API error before any answer puts the conversation back as it was, and says so", async () => {
    const script = `turns:
  - content: [ { type: text, text: one } ]
  - error: { status: 400, type: invalid_request_error, message: "bad" }
  - expect: { messageCount: { max: 3 } }
    content: [ { type: text, text: three } ]
`;
    const { model, renderer, simulator } = scriptedModel(script);
    const kernel = new Kernel({ model, system: "s", tools: [], cwd: "/tmp", renderer, maxRounds: 5 });
    await kernel.run("first", signal());
    const failure = await kernel.run("second", signal()).catch((err: unknown) => err);
    expect(kernel.messages).toHaveLength(2);
    expect(failedTurnNote(failure)).toMatch(/^The prompt was not kept/);
    reportTurnError(renderer, failure, { signal: signal() });
    expect(renderer.ofKind("error").map((n) => n.text)).toEqual([expect.stringContaining("The API answered 400 invalid_request_error: bad")]);
    expect(renderer.ofKind("notice").map((n) => n.text)).toEqual([expect.stringContaining("The prompt was not kept")]);
    expect(await kernel.run("third", signal())).toBe("three");
    const last = bodiesOf(simulator).at(-1)!.messages;
    expect(last.map((m) => m.content)).toEqual(["first", [{ type: "text", text: "one" }], "third"]);
  });

  it("a prompt that joined a waiting user message is taken back out of it; a list a hook rewrote is left alone", async () => {
    const { tool } = probeTool();
    const script = `turns:
  - content: [ { type: tool_use, name: probe, input: {} } ]
  - content: []
  - error: { status: 400, type: invalid_request_error, message: "boom" }
    repeat: 10
`;
    const { model, renderer } = scriptedModel(script);
    let compact = false;
    const compactor = defineHook("PreModel", "compactor", async (_e, ctx) => (compact ? [ctx.messages[0]!] : undefined));
    const kernel = new Kernel({ model, system: "s", tools: [tool], hooks: [compactor], cwd: "/tmp", renderer, maxRounds: 5 });
    expect(await kernel.run("go", signal())).toBe(""); // tool round, then an empty answer: the results stay
    const kept = structuredClone(kernel.messages);
    expect(kept.at(-1)!.role).toBe("user");
    const failure = await kernel.run("again", signal()).catch((err: unknown) => err); // joins the results message, then fails
    expect(kernel.messages).toEqual(kept);
    expect(failedTurnNote(failure)).toMatch(/^The prompt was not kept/);
    compact = true;
    const second = await kernel.run("once more", signal()).catch((err: unknown) => err);
    expect(kernel.messages).toHaveLength(1); // the hook's list, with no holes
    expect(failedTurnNote(second)).toMatch(/^What already ran/);
  });

  it("offline, a prompt the script does not know is explained as such, with the prompts it knows", async () => {
    const { model, renderer } = scriptedModel("prompt: say hi\nturns:\n  - expect: { lastUserIncludes: hi }\n    content: [ { type: text, text: hi } ]\n");
    const kernel = new Kernel({ model, system: "s", tools: [], cwd: "/tmp", renderer });
    const failure = await kernel.run("what is the meaning of life", signal()).catch((err: unknown) => err);
    reportTurnError(renderer, failure, { signal: signal(), offlinePrompts: ["say hi"], typed: "what is the meaning of life", repl: true });
    // One friendly explanation: no raw "The API answered 400 …" after it.
    expect(renderer.ofKind("error").map((e) => e.text)).toEqual([OFFLINE_MISS]);
    expect(renderer.ofKind("notice").map((n) => n.text)).toEqual([
      'It knows: "say hi" (/demo sends the next one; /clear starts them again)',
      "The prompt was not kept: the conversation is as it was before it.",
    ]);
  });

  it("offline, a known prompt typed out of its order is unknown to the script, not a changed workspace", async () => {
    const { model, renderer } = scriptedModel(`prompt: [ say hi, say bye ]
turns:
  - expect: { lastUserIncludes: hi }
    content: [ { type: text, text: hi } ]
  - expect: { lastUserIncludes: bye }
    content: [ { type: text, text: bye } ]
`);
    const kernel = new Kernel({ model, system: "s", tools: [], cwd: "/tmp", renderer });
    const failure = await kernel.run("say bye", signal()).catch((err: unknown) => err);
    reportTurnError(renderer, failure, { signal: signal(), offlinePrompts: ["say hi", "say bye"], typed: "say bye" });
    expect(renderer.ofKind("error").map((e) => e.text)).toEqual([OFFLINE_MISS]);
    expect(renderer.ofKind("notice").map((n) => n.text)[0]).toBe('It knows, in this order: "say hi" · "say bye"');
  });

  describe("offline, a prompt the script knows that goes another way", () => {
    const drifted = async (context: Partial<Parameters<typeof reportTurnError>[2]>) => {
      const { model, renderer } = scriptedModel("prompt: say hi\nturns:\n  - expect: { lastUserIncludes: hi, systemIncludes: fresh }\n    content: [ { type: text, text: hi } ]\n");
      const kernel = new Kernel({ model, system: "s", tools: [], cwd: "/tmp", renderer });
      const failure = await kernel.run("say hi", signal()).catch((err: unknown) => err);
      reportTurnError(renderer, failure, { signal: signal(), offlinePrompts: ["say hi"], typed: "say hi", ...context });
      return { errors: renderer.ofKind("error").map((e) => e.text), notices: renderer.ofKind("notice").map((n) => n.text) };
    };

    it("leads with the expectation that failed, not 'unknown prompt' and not the workspace", async () => {
      const { errors, notices } = await drifted({});
      expect(errors).toEqual([expect.stringMatching(new RegExp(`^${OFFLINE_DRIFT}: .*expected the system prompt to include "fresh"`))]);
      expect(notices[0]).toMatch(/^If an earlier run changed the workspace/);
    });

    it("on a workspace the check found fresh, blames no earlier run", async () => {
      const { notices } = await drifted({ freshness: "fresh" });
      expect(notices[0]).toMatch(/^The workspace was the fresh one the demo was written for, so no earlier run caused this/);
      expect(notices.join("\n")).not.toContain("pnpm reset");
    });

    it("on a workspace the check found changed, names what changed (the check's own words)", async () => {
      const { notices } = await drifted({ freshness: { differs: "This workspace is not the fresh one…: shop/src/cart.js (changed)." } });
      expect(notices[0]).toBe("This workspace is not the fresh one…: shop/src/cart.js (changed).");
    });

    it("with the student's own script, points at its expectation, never at the workspace", async () => {
      const { notices } = await drifted({ ownScript: true });
      expect(notices[0]).toMatch(/^The script is your own \(--model-script\)/);
      expect(notices.join("\n")).not.toMatch(/workspace/);
    });
  });

  it("an empty answer is never appended: the turn ends with a notice and the session goes on", async () => {
    const script = `turns:
  - content: []
  - content: [ { type: text, text: fine } ]
`;
    const { model, renderer, simulator } = scriptedModel(script);
    const kernel = new Kernel({ model, system: "s", tools: [], cwd: "/tmp", renderer });
    expect(await kernel.run("hello", signal())).toBe("");
    expect(renderer.ofKind("notice").map((n) => n.text)).toEqual([expect.stringContaining("empty answer")]);
    expect(await kernel.run("again", signal())).toBe("fine");
    expect(simulator.requests.at(-1)!.status).toBe(200);
    expect(kernel.messages.every((m) => typeof m.content === "string" || m.content.length > 0)).toBe(true);
  });
});

describe("the public surface", () => {
  it("exports what lessons plug in, not the loop's internals", () => {
    for (const name of ["agentFrom", "partsWith", "defineHook", "defineTool", "Kernel", "runUntilIdle", "LEAD_AGENT"]) {
      expect(core).toHaveProperty(name);
    }
    for (const name of ["runToolRound", "hooksFor", "wrapModelCall", "runHookSafely"]) {
      expect(core).not.toHaveProperty(name);
    }
  });
});
