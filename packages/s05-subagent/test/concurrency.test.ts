/**
 * Children at the same time, and Ctrl-C. Overlap is proved by what a test tool records (a
 * rendezvous that only opens when both children are inside it), never by timing; exclusion by
 * the order of the requests; cancellation by a tool that waits for the turn's signal.
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "@learn/core";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent, tempWorkspace, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { handBack } from "../src/index.ts";
import { ChildLock } from "../src/subagents/child-lock.ts";
import { agentFile, lessonWith, never, taskCall, text, use } from "./helpers.ts";

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

/** A tool that returns only once `parties` calls are inside it at the same time; it logs who came and went. */
function rendezvous(parties: number, mutating: boolean) {
  const log: string[] = [];
  let inside = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const tool = defineTool({
    name: "rendezvous",
    description: "Wait for the others.",
    input: z.object({}),
    concurrencySafe: true,
    permission: { mutating },
    async run(_input, ctx) {
      log.push(`enter ${ctx.agent}`);
      if (++inside === parties) open();
      // Alone for long: a serialised run would wait here forever, so give up and say so.
      const met = await Promise.race([opened.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), mutating ? 50 : 15_000))]);
      inside--;
      log.push(`leave ${ctx.agent}`);
      return met ? "met" : "alone";
    },
  });
  return { tool, log };
}

/** Two children of `type`, each calling rendezvous once, then answering with their name. */
function twoChildren(type: string, name: (n: number) => string): Script {
  const child = (n: number): Script["turns"] => [
    { agent: name(n), content: [use("rendezvous", {})] },
    { agent: name(n), content: [text(`${name(n)} done`)] },
  ];
  return {
    turns: [
      { content: [taskCall("Meet the other.", type, "First"), taskCall("Meet the other.", type, "Second")] },
      ...child(1),
      ...child(2),
      { content: [text("Done.")] },
    ],
  };
}

describe("children at the same time", () => {
  it("two read-only children of one response run at once (both inside the rendezvous together)", async () => {
    ws = await tempWorkspace({ ".claude/agents/meeter.md": agentFile("meeter", { tools: "rendezvous, Read" }) });
    const { tool, log } = rendezvous(2, false);
    const { agent, simulator } = await scriptedAgent(lessonWith([tool]), twoChildren("meeter", (n) => `meeter-${n}`), ws.dir);
    expect(await agent.run("go", never())).toBe("Done.");
    expect(log.slice(0, 2).sort()).toEqual(["enter meeter-1", "enter meeter-2"]);
    const results = toolResultsOf(simulator.requests.at(-1)!.body);
    expect(results.map((r) => r.content)).toEqual([handBack("meeter-1", "meeter-1 done"), handBack("meeter-2", "meeter-2 done")]);
    for (const name of ["meeter-1", "meeter-2"]) {
      const second = simulator.requests.filter((r) => r.agent === name)[1]!;
      expect(toolResultsOf(second.body)[0]!.content).toBe("met");
    }
  });

  it("children that may change files run one after the other, in the order asked", async () => {
    ws = await tempWorkspace({ ".claude/agents/writer.md": agentFile("writer", { tools: "rendezvous, Edit" }) });
    const { tool, log } = rendezvous(2, true);
    const { agent, simulator } = await scriptedAgent(lessonWith([tool]), twoChildren("writer", (n) => `writer-${n}`), ws.dir, {
      flags: { "permission-mode": "bypassPermissions" },
    });
    await agent.run("go", never());
    expect(log).toEqual(["enter writer-1", "leave writer-1", "enter writer-2", "leave writer-2"]);
    // writer-2 sent nothing before writer-1 had finished.
    expect(simulator.requests.map((r) => r.agent)).toEqual(["lead", "writer-1", "writer-1", "writer-2", "writer-2", "lead"]);
  });
});

describe("Ctrl-C", () => {
  it("cancelling the lead's turn cancels the child; the session goes on", async () => {
    ws = await tempWorkspace({ ".claude/agents/waiter.md": agentFile("waiter", { tools: "wait_for_cancel" }) });
    const controller = new AbortController();
    const seen: string[] = [];
    const waitTool = defineTool({
      name: "wait_for_cancel",
      description: "Wait until the turn is cancelled.",
      input: z.object({}),
      concurrencySafe: true,
      permission: { mutating: false },
      run: (_input, ctx) =>
        new Promise<string>((_resolve, reject) => {
          seen.push(`waiting ${ctx.agent}`);
          ctx.signal.addEventListener("abort", () => {
            seen.push(`cancelled ${ctx.agent}`);
            reject(new Error("cancelled"));
          });
          controller.abort(); // the user presses Ctrl-C while the child works
        }),
    });
    const script: Script = {
      turns: [
        { content: [taskCall("Wait.", "waiter")] },
        { agent: "waiter-1", content: [use("wait_for_cancel", {})] },
        { agent: "waiter-1", content: [text("never sent")] },
        { expect: { lastUserIncludes: "next prompt" }, content: [text("Still here.")] },
      ],
    };
    const { agent, simulator } = await scriptedAgent(lessonWith([waitTool]), script, ws.dir);
    await expect(agent.run("go", controller.signal)).rejects.toThrow();
    expect(seen).toEqual(["waiting waiter-1", "cancelled waiter-1"]);
    expect(simulator.remaining("waiter-1")).toBe(1); // the child made no further call
    expect(await agent.run("next prompt", never())).toBe("Still here.");
  });
});

describe("ChildLock", () => {
  const gate = () => {
    let open!: () => void;
    return { opened: new Promise<void>((r) => (open = r)), open: () => open() };
  };

  it("shared work runs together; exclusive work waits for it and runs alone; first come, first served", async () => {
    const lock = new ChildLock();
    const log: string[] = [];
    const a = gate();
    const b = gate();
    const job = (name: string, exclusive: boolean, until?: Promise<void>) =>
      lock.run(exclusive, never(), async () => {
        log.push(`start ${name}`);
        await until;
        log.push(`end ${name}`);
      });
    const all = Promise.all([job("read-1", false, a.opened), job("read-2", false, b.opened), job("write", true), job("read-3", false)]);
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(["start read-1", "start read-2"]); // the writer waits; read-3 waits behind it
    a.open();
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(["start read-1", "start read-2", "end read-1"]);
    b.open();
    await all;
    expect(log).toEqual(["start read-1", "start read-2", "end read-1", "end read-2", "start write", "end write", "start read-3", "end read-3"]);
  });

  it("a cancelled wait leaves the queue; the work never runs", async () => {
    const lock = new ChildLock();
    const release = gate();
    const holding = lock.run(true, never(), () => release.opened);
    const controller = new AbortController();
    let ran = false;
    const waiting = lock.run(false, controller.signal, async () => {
      ran = true;
    });
    controller.abort();
    await expect(waiting).rejects.toThrow();
    release.open();
    await holding;
    await lock.run(false, never(), async () => undefined); // the lock is free again
    expect(ran).toBe(false);
  });
});
