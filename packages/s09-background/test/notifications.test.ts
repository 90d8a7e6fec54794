/**
 * The notification queue on its own: a result reaches the model exactly once — in the next
 * request while a turn runs, in a turn of its own while the agent is idle — and a model call
 * that fails before any answer gives it back instead of losing it.
 */
import { describe, expect, it } from "vitest";
import type { Message, MessageParam, ModelRequest, RunningAgent } from "@learn/core";
import { Notifications, WAKE_PROMPT } from "../src/notifications/index.ts";

/** An agent as the parts see it, driven by hand. */
function fakeAgent() {
  const submitted: { prompt: string; source?: string }[] = [];
  const idle = new Set<() => void>();
  const agent = {
    busyNow: false,
    busy: () => agent.busyNow,
    submit: (prompt: string, o?: { source?: string }) => submitted.push({ prompt, source: o?.source }),
    onIdle(listener: () => void) {
      idle.add(listener);
      return () => idle.delete(listener);
    },
    /** A turn ends. */
    endTurn() {
      agent.busyNow = false;
      for (const listener of idle) listener();
    },
  };
  return { agent: agent as RunningAgent & typeof agent, submitted };
}

const textOf = (m: MessageParam | undefined) => (m === undefined ? "" : typeof m.content === "string" ? m.content : JSON.stringify(m.content));
const answer = { content: [{ type: "text", text: "ok" }] } as unknown as Message;
const call = (n: Notifications, request: Partial<ModelRequest> = {}) =>
  n.delivered(async () => answer)({ system: "", messages: [], ...request } as ModelRequest, {} as never);
const failingCall = (n: Notifications) =>
  n.delivered(async () => {
    throw new Error("529 overloaded");
  })({ system: "", messages: [] } as unknown as ModelRequest, {} as never);

function setup(options: ConstructorParameters<typeof Notifications>[0] = {}) {
  const n = new Notifications(options);
  const { agent, submitted } = fakeAgent();
  n.attach(agent);
  return { n, agent, submitted };
}

describe("while a turn runs", () => {
  it("a result joins the next request as one text block after the tool results: no new message, roles still alternate", async () => {
    const { n, agent, submitted } = setup();
    agent.busyNow = true;
    const messages: MessageParam[] = [
      { role: "user", content: "go" },
      { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "read_file", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "file" }] },
    ];
    n.push("job-1 completed (exit 0 after 3.1s): npm test", "background job job-1");
    n.push("job-2 failed (exit 1 after 0.2s): npm run lint", "background job job-2");
    expect(submitted).toEqual([]); // busy: no turn of its own
    await n.drainInto({ messages });
    expect(messages).toHaveLength(3);
    expect(messages[2]!.content).toEqual([
      { type: "tool_result", tool_use_id: "t1", content: "file" },
      { type: "text", text: "<background-results>\njob-1 completed (exit 0 after 3.1s): npm test\n\njob-2 failed (exit 1 after 0.2s): npm run lint\n</background-results>" },
    ]);
    expect(n.size).toBe(0);
    await n.drainInto({ messages }); // nothing more: nothing added
    expect((messages[2]!.content as unknown[]).length).toBe(2);
  });

  it("a result that arrives after the turn's last model call wakes the agent when the turn ends", async () => {
    const { n, agent, submitted } = setup();
    agent.busyNow = true;
    n.push("job-1 completed", "background job job-1");
    agent.endTurn();
    expect(submitted).toEqual([{ prompt: WAKE_PROMPT, source: "background job job-1" }]);
  });
});

describe("when-idle delivery (the offline demo: the same run on a slow machine)", () => {
  it("only a turn's first model call carries results; one that lands mid-turn waits, then wakes the idle agent", async () => {
    const { n, agent, submitted } = setup({ whenIdle: true });
    agent.busyNow = true;
    n.wakeStarts("fix the cart"); // a typed turn starts
    const messages: MessageParam[] = [{ role: "user", content: "fix the cart" }];
    await n.drainInto({ messages }); // its first call: nothing pending yet
    n.push("job-1 completed", "background job job-1");
    messages.push({ role: "assistant", content: [{ type: "tool_use", id: "t1", name: "read_file", input: {} }] });
    messages.push({ role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "file" }] });
    await n.drainInto({ messages }); // mid-turn: it waits
    expect(textOf(messages.at(-1))).not.toContain("background-results");
    expect(n.size).toBe(1);
    agent.endTurn();
    expect(submitted).toEqual([{ prompt: WAKE_PROMPT, source: "background job job-1" }]);
    agent.busyNow = true;
    expect(n.wakeStarts(WAKE_PROMPT)).toBeUndefined();
    const wake: MessageParam[] = [{ role: "user", content: WAKE_PROMPT }];
    await n.drainInto({ messages: wake });
    expect(wake[0]!.content).toEqual([
      { type: "text", text: WAKE_PROMPT },
      { type: "text", text: "<background-results>\njob-1 completed\n</background-results>" },
    ]);
  });
});

describe("while the agent is idle", () => {
  it("a result wakes it once: a second result while the wake waits joins the same turn", async () => {
    const { n, agent, submitted } = setup();
    n.push("job-1 completed", "background job job-1");
    n.push("job-2 completed", "background job job-2");
    expect(submitted).toEqual([{ prompt: WAKE_PROMPT, source: "background job job-1" }]);
    // The wake turn starts: not stale, its first request carries both.
    agent.busyNow = true;
    expect(n.wakeStarts(WAKE_PROMPT)).toBeUndefined();
    const messages: MessageParam[] = [{ role: "user", content: WAKE_PROMPT }];
    await n.drainInto({ messages });
    expect(messages[0]!.content).toEqual([
      { type: "text", text: WAKE_PROMPT },
      { type: "text", text: "<background-results>\njob-1 completed\n\njob-2 completed\n</background-results>" },
    ]);
    await call(n);
    agent.endTurn();
    expect(submitted).toHaveLength(1); // nothing new: no second wake
  });

  it("a note its sender framed (a task notification) is a block of its own, after the tag block", async () => {
    const { n, agent } = setup();
    n.push("job-1 completed", "background job job-1");
    n.push("<system-reminder>\n[SYSTEM NOTIFICATION - NOT USER INPUT]\n…\n</system-reminder>", "subagent explore-1", { ownBlock: true });
    agent.busyNow = true;
    expect(n.wakeStarts(WAKE_PROMPT)).toBeUndefined();
    const messages: MessageParam[] = [{ role: "user", content: WAKE_PROMPT }];
    await n.drainInto({ messages });
    expect(messages[0]!.content).toEqual([
      { type: "text", text: WAKE_PROMPT },
      { type: "text", text: "<background-results>\njob-1 completed\n</background-results>" },
      { type: "text", text: "<system-reminder>\n[SYSTEM NOTIFICATION - NOT USER INPUT]\n…\n</system-reminder>" },
    ]);
  });

  it("a wake turn whose results a typed prompt already carried is dropped, with the reason", async () => {
    const { n, agent } = setup();
    n.push("job-1 completed", "background job job-1");
    agent.busyNow = true; // the user's prompt ran first and carried the result
    await n.drainInto({ messages: [{ role: "user", content: "what now?" }] });
    expect(n.wakeStarts(WAKE_PROMPT)).toMatch(/nothing new/);
    expect(n.wakeStarts("an ordinary prompt")).toBeUndefined();
  });
});

describe("exactly once", () => {
  it("a model call that fails before any answer gives the result back (the turn was rolled back); the next turn carries it, without a wake loop", async () => {
    const { n, agent, submitted } = setup();
    agent.busyNow = true;
    n.push("job-1 completed", "background job job-1");
    const messages: MessageParam[] = [{ role: "user", content: "hello" }];
    const before = messages[0]!.content;
    await n.drainInto({ messages });
    await expect(failingCall(n)).rejects.toThrow(/529/);
    messages[0]!.content = before; // the kernel's rollback restores the prompt's message as it was
    messages.length = 0; // …and removes it (nothing was answered)
    agent.endTurn();
    expect(n.size).toBe(1);
    expect(submitted).toEqual([]); // not new: it waits for the next turn
    const next: MessageParam[] = [{ role: "user", content: "again" }];
    await n.drainInto({ messages: next });
    expect(textOf(next[0])).toContain("job-1 completed");
  });

  it("once a call succeeded the result is delivered: a compaction that later drops the block does not bring it back", async () => {
    const { n, agent } = setup();
    agent.busyNow = true;
    n.push("job-1 completed", "background job job-1");
    const messages: MessageParam[] = [{ role: "user", content: "hello" }];
    await n.drainInto({ messages });
    await call(n);
    messages.splice(0, messages.length, { role: "user", content: "summary of everything" });
    agent.endTurn();
    expect(n.size).toBe(0);
  });

  it("a quiet call (a summary) is not the model reading the results", async () => {
    const { n, agent } = setup();
    agent.busyNow = true;
    n.push("job-1 completed", "background job job-1");
    const messages: MessageParam[] = [{ role: "user", content: "hello" }];
    await n.drainInto({ messages });
    await call(n, { quiet: true });
    messages.length = 0;
    agent.endTurn();
    expect(n.size).toBe(1);
  });

  it("a note that takes a moment to write counts as arriving meanwhile; one that cannot be written still says the job ended", async () => {
    const { n } = setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pushing = n.pushWhenReady("background job job-1", async () => {
      await gate;
      return "job-1 completed";
    });
    expect(n.arriving).toBe(1);
    expect(n.size).toBe(0);
    release();
    await pushing;
    expect(n.arriving).toBe(0);
    expect(n.size).toBe(1);
    await n.pushWhenReady("background job job-2", async () => {
      throw new Error("EACCES: log unreadable");
    });
    const messages: MessageParam[] = [{ role: "user", content: "x" }];
    await n.drainInto({ messages });
    expect(textOf(messages[0])).toContain("background job job-2 ended, but its note could not be written: Error: EACCES: log unreadable");
  });
});

describe("notes that wait outside the process (a later lesson's mailbox)", () => {
  it("are fetched before every drain and by pullNow, under their own tag and wake prompt; take() hands them to a tool", async () => {
    const outside = ["From alice: done", "From bob: tests pass"];
    const n = new Notifications({ tag: "inbox", wakePrompt: "New mail; it follows.", pull: async () => outside.splice(0, 1).map((text) => ({ text, source: "mail" })) });
    const { agent, submitted } = fakeAgent();
    n.attach(agent);
    await n.pullNow(); // idle: the first note wakes the agent with this lesson's prompt
    expect(submitted).toEqual([{ prompt: "New mail; it follows.", source: "mail" }]);
    agent.busyNow = true;
    expect(n.wakeStarts("New mail; it follows.")).toBeUndefined();
    const messages: MessageParam[] = [{ role: "user", content: "New mail; it follows." }];
    await n.drainInto({ messages }); // pulls the second note too
    expect((messages[0]!.content as { text: string }[])[1]!.text).toBe("<inbox>\nFrom alice: done\n\nFrom bob: tests pass\n</inbox>");
    outside.push("From carol: hello");
    expect(await n.take()).toEqual(["From carol: hello"]);
    expect(n.size).toBe(0);
  });
});
