/**
 * Protocols and autonomy through the s11 agent (real SDK, simulator, real tools): a teammate
 * under plan approval is refused every change until the lead approves its plan; an idle teammate
 * with nothing to do shuts down after the timeout and tells the lead; a teammate's identity is
 * in what a compaction keeps.
 */
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf, useTempWorkspace } from "@learn/core/testing";
import { writeSettings } from "@learn/s03/testing";
import { TaskBoard } from "@learn/s08";
import { lesson } from "../src/index.ts";
import { bodyOf, lastMessage, requestsOf, runAll, text, textOfMessage, use } from "./helpers.ts";

const ws = useTempWorkspace();
const turn = (content: object[], extra: object = {}) => ({ ...extra, content });
const fast = { "idle-poll-ms": "50" };

/** Poll until `check` holds, for at most `ms` (a limit for a loaded machine, not a measure). */
async function eventually(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("plan approval", () => {
  it("until the lead approves, the teammate's mutating tools are refused; after, they run", async () => {
    const script = JSON.stringify({
      turns: [
        turn([use("spawn_teammate", { name: "alice", role: "writes hello", prompt: "Write hello.js that prints hi.", plan_first: true })]),
        turn([text("waiting for her plan")]),
        { agent: "alice", content: [use("write_file", { path: "hello.js", content: "console.log('hi');\n" })] },
        { agent: "alice", after: { agent: "lead", served: 2 }, content: [use("submit_plan", { plan: "Write hello.js with one console.log." })] },
        { agent: "alice", content: [use("idle", {})] },
        turn([use("plan_approval", { request_id: "req-1", approve: true, feedback: "Go ahead." })], {
          after: { agent: "alice", served: 3 },
          expect: { lastUserIncludes: "request_id: req-1" },
        }),
        turn([text("approved")]),
        { agent: "alice", expect: { lastUserIncludes: "approve: true" }, content: [use("write_file", { path: "hello.js", content: "console.log('hi');\n" })] },
        { agent: "alice", content: [use("idle", {})] },
      ],
    });
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir, { flags: { ...fast, "permission-mode": "acceptEdits" } }); // the practice rules approve no edit of code
    try {
      await runAll(agent, "go", renderer);
    } finally {
      await agent.close?.();
    }
    expect(simulator.remaining()).toBe(0);
    const alice = requestsOf(simulator.requests, "alice");
    const refused = toolResultsOf(alice[1]!.body)[0]!;
    expect(refused.isError).toBe(true);
    expect(refused.content).toMatch(/alice may not change anything before the lead approves its plan/);
    expect(toolResultsOf(alice[2]!.body)[0]!.content).toMatch(/request_id: req-1/);
    expect(textOfMessage(lastMessage(requestsOf(simulator.requests, "lead")[2]!))).toMatch(/From alice \(plan_approval_request, [^)]+\):[\s\S]*request_id: req-1/);
    expect(toolResultsOf(alice[4]!.body)[0]!.isError).toBe(false);
    expect(await readFile(path.join(ws.dir, "hello.js"), "utf8")).toBe("console.log('hi');\n");
  });
});

describe("the idle cycle", () => {
  it("a teammate with no mail and no task shuts down after the timeout, and the lead is told", async () => {
    const script = JSON.stringify({
      turns: [
        turn([use("spawn_teammate", { name: "alice", role: "waits", prompt: "Wait for work." })]),
        turn([text("spawned")]),
        { agent: "alice", content: [use("idle", {})] },
        turn([text("alice left")], { expect: { lastUserIncludes: "found no mail and no task to claim" } }),
      ],
    });
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir, { flags: { ...fast, "idle-timeout-ms": "300" } });
    try {
      // An idle teammate is not "working": the run may end while alice waits for work — or, on a
      // machine slow enough that her 300 ms pass first, go on with the turn her last word starts.
      const turns = await runAll(agent, "go", renderer);
      if (!turns.some((t) => t.source === "mail from alice")) {
        // Her timeout passes; her last word wakes the lead.
        await eventually(async () => (agent.submitted?.size ?? 0) > 0 && (await readFile(path.join(ws.dir, ".team/config.json"), "utf8")).includes('"shutdown"'));
        const wake = agent.submitted!.take()!;
        expect(wake.source).toBe("mail from alice");
        turns.push({ prompt: wake.prompt, source: wake.source, answer: await agent.run(wake.prompt, new AbortController().signal) });
      }
      expect(turns.map((t) => [t.source, t.answer])).toEqual([
        [undefined, "spawned"],
        ["mail from alice", "alice left"],
      ]);
    } finally {
      await agent.close?.();
    }
    expect(simulator.remaining()).toBe(0);
    const roster = JSON.parse(await readFile(path.join(ws.dir, ".team/config.json"), "utf8")) as { members: { status: string }[] };
    expect(roster.members.map((m) => m.status)).toEqual(["shutdown"]);
  });

  it("claims the first ready, ownerless task for an idle teammate and starts a phase with it", async () => {
    const script = JSON.stringify({
      turns: [
        turn([use("task_create", { subject: "First" }), use("task_create", { subject: "Second", blockedBy: [1] })]),
        turn([use("spawn_teammate", { name: "alice", role: "works", prompt: "Wait." })]),
        turn([text("ok")]),
        { agent: "alice", content: [use("idle", {})] },
        { agent: "alice", expect: { lastUserIncludes: "Task #1: First" }, content: [use("task_update", { id: 1, status: "completed" })] },
        { agent: "alice", content: [use("idle", {})] },
        { agent: "alice", expect: { lastUserIncludes: "Task #2: Second" }, content: [use("task_update", { id: 2, status: "completed" })] },
        { agent: "alice", content: [use("idle", {})] },
      ],
    });
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir, { flags: fast });
    try {
      await runAll(agent, "go", renderer);
    } finally {
      await agent.close?.();
    }
    expect(simulator.remaining()).toBe(0);
    const board = await Promise.all([1, 2].map(async (id) => JSON.parse(await readFile(path.join(ws.dir, `.tasks/${id}.json`), "utf8")) as { owner: string; status: string }));
    expect(board.map((t) => [t.owner, t.status])).toEqual([
      ["alice", "completed"],
      ["alice", "completed"],
    ]);
  });
});

describe("claim_task and the permission policy", () => {
  it("declares the task file it writes: a deny rule on .tasks/ refuses it, and the board is untouched; no question otherwise", async () => {
    // Owned by bob, so alice's idle cycle has nothing to claim: only her tool call touches the board.
    const board = await TaskBoard.open(ws.dir);
    await board.create({ subject: "Taken" });
    await board.update(1, { owner: "bob" });
    await writeSettings(ws.dir, { permissions: { deny: ["Edit(.tasks/**)"] } });
    const asked: string[] = [];
    const script = JSON.stringify({
      turns: [
        turn([use("spawn_teammate", { name: "alice", role: "claims", prompt: "Take task 1." })]),
        turn([text("ok")]),
        { agent: "alice", content: [use("claim_task", { id: 1 })] },
        { agent: "alice", content: [text("refused")] },
      ],
    });
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir, {
      flags: { ...fast, "idle-timeout-ms": "60000" },
      interactive: true,
      ask: async (q) => {
        asked.push(q);
        return "n";
      },
    });
    try {
      await runAll(agent, "go", renderer);
    } finally {
      await agent.close?.();
    }
    const result = toolResultsOf(requestsOf(simulator.requests, "alice")[1]!.body)[0]!;
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/^Denied: claim_task .*Edit\(\.tasks\/\*\*\) in permissions\.deny/);
    expect(asked).toEqual([]);
    const task = JSON.parse(await readFile(path.join(ws.dir, ".tasks/1.json"), "utf8")) as { owner: string | null; status: string };
    expect([task.owner, task.status]).toEqual(["bob", "pending"]); // refused before the tool ran (it would say "owned by bob")
  });
});

describe("identity", () => {
  it("a teammate that compacts keeps who it is: the summary message names it, its role and its lead", async () => {
    const summary = "1. Goal — wait.\n2. Findings — none.\n3. Files changed — none.\n4. Remaining work — none.\n5. Constraints — none.";
    const script = JSON.stringify({
      turns: [
        turn([use("spawn_teammate", { name: "alice", role: "keeps notes", prompt: "Compact, then say done." })]),
        turn([text("ok")]),
        { agent: "alice", content: [use("compact", {})] },
        { agent: "alice", content: [text(summary)] },
        { agent: "alice", content: [text("done")] },
      ],
    });
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir, { flags: fast });
    try {
      await runAll(agent, "go", renderer);
    } finally {
      await agent.close?.();
    }
    expect(simulator.remaining()).toBe(0);
    const after = requestsOf(simulator.requests, "alice").at(-1)!;
    const kept = bodyOf(after).messages.map(textOfMessage).join("\n");
    expect(kept).toContain(summary.split("\n")[0]);
    expect(kept).toContain('You are alice, a teammate in the team');
    expect(kept).toContain("(your role: keeps notes)");
  });
});

describe("what the lead and a teammate are made of", () => {
  it("the lead has the protocol tools and spawn_teammate with plan_first; nothing else of the team is lost", async () => {
    const { agent } = await scriptedAgent(lesson, JSON.stringify({ turns: [turn([text("hi")])] }), ws.dir);
    try {
      const { tools, promptSections } = agent.anatomy();
      expect(tools).toEqual(expect.arrayContaining(["spawn_teammate", "shutdown_request", "plan_approval", "send_message", "read_inbox", "task_create"]));
      expect(tools.filter((t) => t === "spawn_teammate")).toHaveLength(1);
      expect(promptSections).toContain("autonomy");
    } finally {
      await agent.close?.();
    }
    await expect(access(path.join(ws.dir, ".team/inbox"))).rejects.toThrow(); // nothing written by just starting
  });
});
