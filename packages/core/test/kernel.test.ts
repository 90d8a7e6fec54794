/**
 * The kernel's extension points, each driven through the real SDK and the simulator.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineHook, Kernel, type Hook, type KernelOptions, type ModelWrapper } from "../src/runtime/kernel/index.ts";
import { runToolRound } from "../src/runtime/kernel/run-tools.ts";
import type { MessageParam } from "../src/runtime/protocol.ts";
import { RecordingRenderer, scriptedModel, testContext, toolResultsOf } from "../src/testing/index.ts";
import { defineTool, INTERRUPTED_CALL } from "../src/runtime/tool.ts";

/** A tool that records every input it ran with. */
function noteTool() {
  const ran: string[] = [];
  const tool = defineTool({
    name: "note",
    description: "Write a note.",
    input: z.object({ text: z.string() }),
    run: ({ text }) => {
      ran.push(text);
      return `noted: ${text}`;
    },
  });
  return { tool, ran };
}

function kernelFor(script: string, hooks: Hook[] = [], extra: Partial<KernelOptions> = {}) {
  const { model, simulator, renderer } = scriptedModel(script);
  const { tool, ran } = noteTool();
  const kernel = new Kernel({ model, system: "You are a test agent.", tools: [tool], hooks, cwd: "/tmp", renderer, ...extra });
  const run = (prompt = "go") => kernel.run(prompt, new AbortController().signal);
  const bodies = () => simulator.requests.map((r) => r.body as { messages: MessageParam[]; system: string });
  return { kernel, simulator, renderer, ran, run, bodies };
}

const NOTE_THEN_DONE = `
turns:
  - content: [ { type: tool_use, name: note, input: { text: a } }, { type: tool_use, name: note, input: { text: b } } ]
  - content: [ { type: text, text: done } ]
`;

describe("the kernel loop", () => {
  it("runs tools, sends all results in one user message, stops on a text-only answer", async () => {
    const k = kernelFor(NOTE_THEN_DONE);
    expect(await k.run()).toBe("done");
    expect(k.ran).toEqual(["a", "b"]);
    expect(toolResultsOf(k.bodies()[1]).map((r) => r.content)).toEqual(["noted: a", "noted: b"]);
    expect(k.kernel.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("turns invalid input into an error result without running the tool or asking hooks", async () => {
    const asked: string[] = [];
    const hook = defineHook("PreToolUse", "spy", async ({ call }) => void asked.push(call.name));
    const k = kernelFor(
      `turns:\n  - content: [ { type: tool_use, name: note, input: { txt: a } } ]\n  - content: [ { type: text, text: ok } ]\n`,
      [hook],
    );
    await k.run();
    expect(toolResultsOf(k.bodies()[1])).toEqual([
      expect.objectContaining({ isError: true, content: expect.stringMatching(/^Invalid input for note: text: /) }),
    ]);
    expect(k.ran).toEqual([]);
    expect(asked).toEqual([]);
  });

  it("answers an unknown tool with an error result listing the real ones", async () => {
    const { tool } = noteTool();
    const renderer = new RecordingRenderer();
    const round = await runToolRound(
      [{ type: "tool_use", id: "toolu_x", name: "teleport", input: {}, caller: { type: "direct" } }],
      new Map([[tool.name, tool]]),
      [],
      testContext("/tmp", { renderer }),
    );
    expect(round.blocks).toEqual([
      { type: "tool_result", tool_use_id: "toolu_x", content: 'Error: unknown tool "teleport". Available tools: note', is_error: true },
    ]);
  });

  it("stops at the round budget", async () => {
    const k = kernelFor(
      `turns:\n  - content: [ { type: tool_use, name: note, input: { text: a } } ]\n  - content: [ { type: tool_use, name: note, input: { text: b } } ]\n`,
      [],
      { maxRounds: 2 },
    );
    expect(await k.run()).toContain("stopped after 2 rounds");
    expect(k.renderer.ofKind("notice").map((n) => n.text)).toEqual([expect.stringContaining("round budget")]);
    expect(k.simulator.remaining()).toBe(0);
  });
});

describe("a turn cancelled mid-call", () => {
  it("a call cut short by Ctrl-C reads as one calm line, not a raw AbortError", async () => {
    const ctrlC = new AbortController();
    const wait = defineTool({
      name: "wait",
      description: "Wait for the signal.",
      input: z.object({}),
      run: async (_input, ctx) => {
        ctrlC.abort();
        ctx.signal.throwIfAborted(); // what an awaited subagent or fetch throws
        return "never";
      },
    });
    const k = kernelFor(`turns:\n  - content: [ { type: tool_use, name: wait, input: {} } ]\n`, [], { tools: [wait] });
    await expect(k.kernel.run("go", ctrlC.signal)).rejects.toThrow(/abort/i);
    expect(k.renderer.ofKind("toolResult").map((r) => r.outcome.content)).toEqual([INTERRUPTED_CALL]);
    expect(INTERRUPTED_CALL).toBe("Interrupted: the turn was cancelled before this call finished.");
  });

  it("Ctrl-C while a PreToolUse hook runs: every call of that answer still gets its result, and the session goes on", async () => {
    const ctrlC = new AbortController();
    // A hook that is cut short by the cancel (a permission question, a command hook) throws; once.
    const asking = defineHook("PreToolUse", "asking", async (_e, ctx) => {
      if (!ctrlC.signal.aborted) ctrlC.abort();
      if (ctx.signal === ctrlC.signal) ctx.signal.throwIfAborted();
      return undefined;
    });
    const k = kernelFor(`turns:\n  - content: [ { type: tool_use, name: note, input: { text: a } }, { type: tool_use, name: note, input: { text: b } } ]\n  - content: [ { type: text, text: again } ]\n`, [asking]);
    await expect(k.kernel.run("go", ctrlC.signal)).rejects.toThrow(/abort/i);
    expect(k.ran).toEqual([]); // nothing ran: the hook never said yes
    const last = k.kernel.messages.at(-1)!;
    expect(last.role).toBe("user");
    expect((last.content as { type: string; content: string; is_error?: boolean }[]).map((b) => [b.type, b.content, b.is_error])).toEqual([
      ["tool_result", INTERRUPTED_CALL, true],
      ["tool_result", INTERRUPTED_CALL, true],
    ]);
    // The next prompt is sent, and the API accepts the conversation (the simulator checks its rules).
    expect(await k.kernel.run("go on", new AbortController().signal)).toBe("again");
  });
});

describe("hooks", () => {
  it("UserPromptSubmit can block a prompt (no model call) or add context", async () => {
    const blocker = defineHook("UserPromptSubmit", "no-secrets", async ({ prompt }) =>
      prompt.includes("password") ? { block: "prompts must not contain passwords" } : { context: "Context: today is Monday." },
    );
    const k = kernelFor(`turns:\n  - content: [ { type: text, text: hi } ]\n`, [blocker]);
    expect(await k.run("my password is x")).toBe("");
    expect(k.simulator.requests).toHaveLength(0);
    expect(k.kernel.messages).toEqual([]);
    expect(await k.run("hello")).toBe("hi");
    expect(k.bodies()[0]!.messages[0]!.content).toBe("hello\n\nContext: today is Monday.");
  });

  it("PreToolUse can deny (no side effect, the model sees why) or rewrite the input", async () => {
    const guard = defineHook("PreToolUse", "guard", async ({ call }) => {
      if (call.input.text === "a") return { decision: "deny", reason: "no notes about a" };
      return { updatedInput: { text: `${String(call.input.text)}!` } };
    });
    const k = kernelFor(NOTE_THEN_DONE, [guard]);
    await k.run();
    expect(k.ran).toEqual(["b!"]);
    expect(toolResultsOf(k.bodies()[1])).toEqual([
      expect.objectContaining({ isError: true, content: "Denied: no notes about a" }),
      expect.objectContaining({ isError: false, content: "noted: b!" }),
    ]);
  });

  it("a PreToolUse hook that throws denies the call instead of crashing", async () => {
    const broken = defineHook("PreToolUse", "broken", async () => {
      throw new Error("settings unreadable");
    });
    const k = kernelFor(NOTE_THEN_DONE, [broken]);
    expect(await k.run()).toBe("done");
    expect(k.ran).toEqual([]);
    expect(toolResultsOf(k.bodies()[1])[0]!.content).toContain("settings unreadable");
  });

  it("a hook that throws elsewhere is shown and skipped: the turn goes on", async () => {
    const boom = (event: "UserPromptSubmit" | "PreModel" | "PostToolUse" | "PostToolBatch" | "Stop") =>
      defineHook(event, `broken-${event}`, async () => {
        throw new Error(`${event} broke`);
      });
    const k = kernelFor(NOTE_THEN_DONE, [
      boom("UserPromptSubmit"),
      boom("PreModel"),
      boom("PostToolUse"),
      boom("PostToolBatch"),
      boom("Stop"),
    ]);
    expect(await k.run()).toBe("done");
    expect(k.ran).toEqual(["a", "b"]);
    const errors = k.renderer.ofKind("error").map((e) => e.text);
    for (const event of ["UserPromptSubmit", "PreModel", "PostToolUse", "PostToolBatch", "Stop"]) {
      expect(errors).toContain(`${event} hook "broken-${event}" failed: Error: ${event} broke`);
    }
  });

  it("PostToolUse adds context to a result; PostToolBatch adds text after the results", async () => {
    const post = defineHook("PostToolUse", "annotate", async ({ call }) => ({ context: `(checked ${call.name})` }));
    // The event names the tool each call used (what it declares, s04's keepsPlan, is on it).
    const batch = defineHook("PostToolBatch", "remind", async ({ uses, tools }) => ({
      append: [`<reminder>${uses.length} calls of ${tools.map((t) => t?.name ?? "?").join(", ")}</reminder>`],
    }));
    const k = kernelFor(NOTE_THEN_DONE, [post, batch]);
    await k.run();
    const last = k.bodies()[1]!.messages.at(-1)!;
    expect(last.content).toEqual([
      expect.objectContaining({ type: "tool_result", content: "noted: a\n\n(checked note)" }),
      expect.objectContaining({ type: "tool_result", content: "noted: b\n\n(checked note)" }),
      { type: "text", text: "<reminder>2 calls of note, note</reminder>" },
    ]);
  });

  it("PreModel can rewrite the message list before every call", async () => {
    const seen: number[] = [];
    const trim = defineHook("PreModel", "keep-last-turn", async ({ round }, ctx) => {
      seen.push(round);
      if (ctx.messages.length > 3) return ctx.messages.slice(-1).map((m) => ({ ...m, content: "Earlier history dropped. Go on." }));
    });
    const k = kernelFor(NOTE_THEN_DONE + `  - content: [ { type: text, text: again } ]\n`, [trim]);
    await k.run("first");
    await k.run("second");
    expect(seen).toEqual([0, 1, 0]);
    expect(k.bodies()[2]!.messages).toEqual([{ role: "user", content: "Earlier history dropped. Go on." }]);
  });

  it("Stop can keep the agent working, within a budget", async () => {
    let stops = 0;
    const nag = defineHook("Stop", "keep-going", async ({ continuations }) => {
      stops++;
      return { continueWith: `continue #${continuations + 1}` };
    });
    const k = kernelFor(
      `turns:\n  - content: [ { type: text, text: one } ]\n  - content: [ { type: text, text: two } ]\n  - content: [ { type: text, text: three } ]\n`,
      [nag],
      { maxStopContinuations: 2 },
    );
    expect(await k.run()).toBe("three");
    expect(stops).toBe(2);
    expect(k.bodies()[1]!.messages.at(-1)).toEqual({ role: "user", content: "continue #1" });
  });
});

describe("model wrappers", () => {
  it("wrap the model call, outermost first", async () => {
    const order: string[] = [];
    const tag = (name: string): ModelWrapper => (next) => async (request, signal) => {
      order.push(`${name}:before`);
      const response = await next({ ...request, maxTokens: name === "inner" ? 1234 : request.maxTokens }, signal);
      order.push(`${name}:after`);
      return response;
    };
    const k = kernelFor(`turns:\n  - content: [ { type: text, text: ok } ]\n`, [], { wrappers: [tag("outer"), tag("inner")] });
    await k.run();
    expect(order).toEqual(["outer:before", "inner:before", "inner:after", "outer:after"]);
    expect((k.simulator.requests[0]!.body as { max_tokens: number }).max_tokens).toBe(1234);
  });

  it("can recover from an API error by retrying", async () => {
    const retryOnce: ModelWrapper = (next) => async (request, signal) => {
      try {
        return await next(request, signal);
      } catch {
        return next(request, signal);
      }
    };
    const k = kernelFor(
      `turns:\n  - error: { status: 400, type: invalid_request_error, message: "flaky" }\n  - content: [ { type: text, text: recovered } ]\n`,
      [],
      { wrappers: [retryOnce] },
    );
    expect(await k.run()).toBe("recovered");
  });
});

describe("several kernels at once", () => {
  it("keep their own messages and are routed by agent name", async () => {
    const script = `
turns:
  - agent: alice
    delayMs: 50
    content: [ { type: text, text: from alice } ]
  - agent: bob
    content: [ { type: text, text: from bob } ]
`;
    const { model, simulator, renderer } = scriptedModel(script);
    const { tool } = noteTool();
    const make = (name: string) =>
      new Kernel({ model: model.forAgent(name, renderer), system: "s", tools: [tool], cwd: "/tmp", renderer });
    const [alice, bob] = [make("alice"), make("bob")];
    const answers = await Promise.all([alice.run("a", new AbortController().signal), bob.run("b", new AbortController().signal)]);
    expect(answers).toEqual(["from alice", "from bob"]);
    expect(alice.messages).toHaveLength(2);
    expect(bob.messages[0]).toEqual({ role: "user", content: "b" });
    expect(simulator.requests.map((r) => r.agent)).toEqual(["bob", "alice"]);
  });
});

describe("the screen's view of a call", () => {
  it("shows a tool's own summary of its call instead of the raw input; the model's input is unchanged", async () => {
    const { model, renderer, simulator } = scriptedModel(NOTE_THEN_DONE);
    const { tool } = noteTool();
    const summarized = { ...tool, summary: (input: unknown) => `a note of ${(input as { text: string }).text.length} chars` };
    const kernel = new Kernel({ model, system: "s", tools: [summarized], cwd: "/tmp", renderer });
    await kernel.run("go", new AbortController().signal);
    expect(renderer.ofKind("toolCall").map((e) => e.input)).toEqual(["a note of 1 chars", "a note of 1 chars"]);
    expect(toolResultsOf(simulator.requests[1]!.body).map((r) => r.content)).toEqual(["noted: a", "noted: b"]);
  });
});
