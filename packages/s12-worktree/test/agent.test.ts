/**
 * Worktrees through the s12 agent (real SDK, simulator, real tools, real git in a temporary
 * repository): worktree_run runs inside the worktree and is judged like bash from there; a
 * teammate working a bound task works inside its worktree — bound at creation, or later by
 * task_bind_worktree; /worktrees shows the index.
 */
import { access, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkConversation } from "@learn/core";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { bodyOf, requestsOf, runAll, text, textOfMessage, use, useRepoWorkspace } from "./helpers.ts";

const ws = useRepoWorkspace();
const exists = (p: string) => access(p).then(() => true, () => false);
const printCwd = "pwd"; // read-only: no rule needed (the practice rules approve no node -e)

async function run(turns: object[], prompt = "go") {
  const asked: string[] = [];
  const scripted = await scriptedAgent(lesson, JSON.stringify({ turns }), ws.dir, {
    flags: { "idle-poll-ms": "50" },
    interactive: true,
    ask: async (q) => (asked.push(q), "n"),
  });
  try {
    await runAll(scripted.agent, prompt, scripted.renderer);
  } finally {
    await scripted.agent.close?.();
  }
  expect(scripted.simulator.remaining()).toBe(0);
  for (const r of scripted.simulator.requests) expect(checkConversation(bodyOf(r).messages)).toBeUndefined();
  return { ...scripted, asked };
}

describe("worktree_run", () => {
  it("runs in the worktree, and the permission policy judges its command as bash: rules, refusals, questions", async () => {
    const { simulator, asked } = await run([
      { content: [use("worktree_create", { name: "w" })] },
      { content: [use("worktree_run", { name: "w", command: printCwd })] },
      { content: [use("worktree_run", { name: "w", command: "rm -rf shop" })] },
      { content: [use("worktree_run", { name: "w", command: "curl https://example.invalid" })] },
      { content: [use("worktree_run", { name: "nowhere", command: printCwd })] },
      { content: [text("done")] },
    ]);
    const results = simulator.requests.slice(1).map((r) => toolResultsOf(r.body)[0]!);
    expect(results[0]).toMatchObject({ isError: false, content: "Created worktree w: .worktrees/w on branch wt/w (from " + results[0]!.content.slice(-9) });
    expect(results[1]!.content.trim()).toBe(path.join(await realDir(ws.dir), ".worktrees", "w"));
    // practice settings deny Bash(rm -rf *): the worktree's files are still there.
    expect(results[2]).toMatchObject({ isError: true });
    expect(results[2]!.content).toMatch(/worktree_run "rm -rf shop" matches the rule Bash\(rm -rf \*\)/);
    expect(await exists(path.join(ws.dir, ".worktrees/w/shop/src/cart.js"))).toBe(true);
    // No rule allows curl: the question is asked (and answered no), as for bash.
    expect(results[3]!.isError).toBe(true);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain("curl https://example.invalid");
    expect(results[4]!.content).toMatch(/No worktree named nowhere\. Worktrees: w\./);
  });

  it("bad input: a name with shell metacharacters or path parts, a base_ref that is an option", async () => {
    const { simulator } = await run([
      { content: [use("worktree_create", { name: "x; touch pwned" })] },
      { content: [use("worktree_create", { name: "../escape" })] },
      { content: [use("worktree_create", { name: "ok", base_ref: "--orphan" })] },
      { content: [text("done")] },
    ]);
    const results = simulator.requests.slice(1).map((r) => toolResultsOf(r.body)[0]!);
    expect(results.every((r) => r.isError)).toBe(true);
    expect(results[0]!.content).toMatch(/Invalid input for worktree_create: .*letters, digits/);
    expect(results[1]!.content).toMatch(/Invalid input for worktree_create: .*not "\/"/);
    expect(results[2]!.content).toMatch(/not starting with "-"/);
    expect(await exists(path.join(ws.dir, "pwned"))).toBe(false);
    expect(await exists(path.join(ws.dir, ".worktrees"))).toBe(false);
  });
});

describe("a teammate working a bound task", () => {
  it("works inside the task's worktree: its file tools and bash run there, and the model is told", async () => {
    const { simulator, renderer } = await run([
      { content: [use("task_create", { subject: "Write notes" }), use("worktree_create", { name: "notes", task_id: 1 })] },
      { content: [use("spawn_teammate", { name: "alice", role: "writes notes", prompt: "Claim task #1 and write notes.md." })] },
      { content: [text("alice is on it")] },
      { agent: "alice", content: [use("claim_task", { id: 1 })] },
      { agent: "alice", expect: { lastUserIncludes: "You now work in worktree notes" }, content: [use("write_file", { path: "notes.md", content: "in the worktree\n" })] },
      { agent: "alice", content: [use("bash", { command: printCwd })] },
      { agent: "alice", content: [use("idle", {})] },
    ]);
    expect(await readFile(path.join(ws.dir, ".worktrees/notes/notes.md"), "utf8")).toBe("in the worktree\n");
    expect(await exists(path.join(ws.dir, "notes.md"))).toBe(false);
    const alice = requestsOf(simulator.requests, "alice");
    expect(toolResultsOf(alice[3]!.body)[0]!.content.trim()).toBe(path.join(await realDir(ws.dir), ".worktrees", "notes"));
    // The note comes after the claim's result, in the same user message.
    const moved = bodyOf(alice[1]!).messages.at(-1)!;
    expect(Array.isArray(moved.content) && moved.content.map((b) => b.type)).toEqual(["tool_result", "text"]);
    expect(textOfMessage(moved)).toMatch(/<worktree>\nYou now work in worktree notes for task #1: \.worktrees\/notes, branch wt\/notes\./);
    expect(renderer.teammateNamed("alice").ofKind("notice").map((n) => n.text)).toContain("works in .worktrees/notes now (task #1, branch wt/notes)");
  });

  it("task_bind_worktree moves a teammate already working the task", async () => {
    const { simulator } = await run([
      { content: [use("task_create", { subject: "Write later.md" }), use("worktree_create", { name: "later" })] },
      { content: [use("spawn_teammate", { name: "alice", role: "writes", prompt: "Claim task #1 and write later.md." })] },
      { after: { agent: "alice", served: 1 }, content: [use("task_bind_worktree", { task_id: 1, name: "later" })] },
      { content: [text("bound")] },
      { agent: "alice", content: [use("claim_task", { id: 1 })] },
      // Served once the lead has asked again after binding: the bind has run before alice's next request is built.
      { agent: "alice", after: { agent: "lead", served: 4 }, content: [use("read_inbox", {})] },
      { agent: "alice", content: [use("write_file", { path: "later.md", content: "moved\n" })] },
      { agent: "alice", content: [use("idle", {})] },
    ]);
    expect(await readFile(path.join(ws.dir, ".worktrees/later/later.md"), "utf8")).toBe("moved\n");
    expect(await exists(path.join(ws.dir, "later.md"))).toBe(false);
    const alice = requestsOf(simulator.requests, "alice").map((r) => textOfMessage(bodyOf(r).messages.at(-1)));
    expect(alice.filter((t) => t.includes("You now work in worktree later"))).toHaveLength(1);
    expect(toolResultsOf(requestsOf(simulator.requests, "lead")[3]!.body)[0]!.content).toBe(
      "Task #1 is bound to worktree later: whoever works it works in .worktrees/later (branch wt/later).",
    );
  });
});

describe("/worktrees", () => {
  it("shows the index: each worktree's status, folder, branch and task", async () => {
    const { agent } = await run([{ content: [use("worktree_create", { name: "a" })] }, { content: [text("made")] }]);
    const command = agent.commands!.find((c) => c.name === "worktrees")!;
    expect(await command.run("")).toBe("a  active   .worktrees/a  wt/a  no task");
  });

  it("in a folder that is no repository, says why there can be no worktrees", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "learn-s12-plain-"));
    try {
      const { agent } = await scriptedAgent(lesson, "turns: [ { content: [ { type: text, text: hi } ] } ]", dir);
      const command = agent.commands!.find((c) => c.name === "worktrees")!;
      expect(await command.run("")).toMatch(/^Worktrees need a git repository, and .+ is not one[\s\S]*Start this lesson without --cwd/);
      await agent.close?.();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

async function realDir(dir: string): Promise<string> {
  const { realpath } = await import("node:fs/promises");
  return realpath(dir);
}
