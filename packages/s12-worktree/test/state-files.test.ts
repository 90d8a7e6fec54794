/**
 * The worktree index decides where worktree_run runs and what worktree_remove deletes, so the
 * model may not rewrite it: `.worktrees/` is harness state, protected from write_file and from
 * bash in every mode (a person may say yes; with no terminal it is a no). And an index a person
 * (or anything else) did edit cannot move an action: a worktree's folder and branch come from
 * its name, an entry that says otherwise is corrupt, and a worktree folder that is a symlink
 * out of the workspace is refused. Driven through the s12 agent (real SDK, simulator, real git
 * in a temporary repository), canaries beside the workspace in the same temporary folder.
 */
import { access, mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { TaskBoard } from "@learn/s08";
import { INDEX_FILE, lesson } from "../src/index.ts";
import { Worktrees } from "../src/worktrees/index.ts";
import { gitIn, runAll, text, use, useRepoWorkspace } from "./helpers.ts";

const ws = useRepoWorkspace();
const exists = (p: string) => access(p).then(() => true, () => false);

/** One call through the agent, with no terminal; its result. */
async function callThroughAgent(name: string, input: Record<string, unknown>, mode = "default") {
  const scripted = await scriptedAgent(lesson, JSON.stringify({ turns: [{ content: [use(name, input)] }, { content: [text("done")] }] }), ws.dir, {
    flags: { "idle-poll-ms": "50", "permission-mode": mode },
    interactive: false,
  });
  try {
    await runAll(scripted.agent, "go", scripted.renderer);
  } finally {
    await scripted.agent.close?.();
  }
  return toolResultsOf(scripted.simulator.requests[1]!.body)[0]!;
}

/** Worktree `w` made by the lesson, and a folder outside the workspace holding a canary. */
async function worktreeAndOutside() {
  await new Worktrees(ws.dir, await TaskBoard.open(ws.dir)).create({ name: "w" });
  const outside = path.join(path.dirname(ws.dir), "outside");
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(outside, "canary.txt"), "keep me\n");
  return { index: path.join(ws.dir, INDEX_FILE), outside };
}

const pointedOutside = (indexText: string) => indexText.replace('"path": ".worktrees/w"', '"path": "../outside"');

describe("the model cannot rewrite the worktree index", () => {
  it.each(["acceptEdits", "bypassPermissions"])("write_file on .worktrees/index.json is refused in %s with no terminal; the index is unchanged", async (mode) => {
    const { index } = await worktreeAndOutside();
    const before = await readFile(index, "utf8");
    const result = await callThroughAgent("write_file", { path: INDEX_FILE, content: pointedOutside(before) }, mode);
    expect(result.isError).toBe(true);
    expect(result.content).toContain("the harness's own state");
    expect(await readFile(index, "utf8")).toBe(before);
  });

  it.each(["bash", "worktree_run"])("a command writing the index through %s is refused in bypassPermissions with no terminal", async (tool) => {
    const { index } = await worktreeAndOutside();
    const before = await readFile(index, "utf8");
    const command = tool === "bash" ? "echo '{}' > .worktrees/index.json" : "echo '{}' > ../index.json";
    const result = await callThroughAgent(tool, tool === "bash" ? { command } : { name: "w", command }, "bypassPermissions");
    expect(result.isError).toBe(true);
    expect(result.content).toContain("the harness's own state");
    expect(await readFile(index, "utf8")).toBe(before);
  });
});

describe("an index that disagrees with a worktree's name moves nothing", () => {
  it("an entry whose path points outside is corrupt: worktree_run runs nothing there", async () => {
    const { index, outside } = await worktreeAndOutside();
    await writeFile(index, pointedOutside(await readFile(index, "utf8")));
    const result = await callThroughAgent("worktree_run", { name: "w", command: "touch planted.txt" }, "bypassPermissions");
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/broken.*path must be \.worktrees\/w/s);
    expect(await exists(path.join(outside, "planted.txt"))).toBe(false);
    expect(await exists(path.join(ws.dir, ".worktrees/w/planted.txt"))).toBe(false);
  });

  it("an entry whose branch is another branch is corrupt: an unforced remove deletes neither folder nor branch", async () => {
    const { index } = await worktreeAndOutside();
    await gitIn(ws.dir, "branch", "users-branch");
    await writeFile(index, (await readFile(index, "utf8")).replace('"branch": "wt/w"', '"branch": "users-branch"'));
    const result = await callThroughAgent("worktree_remove", { name: "w" });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/branch must be wt\/w/);
    expect(await gitIn(ws.dir, "branch", "--list", "users-branch")).toContain("users-branch");
    expect(await exists(path.join(ws.dir, ".worktrees/w"))).toBe(true);
  });

  it("a worktree folder replaced by a symlink out of the workspace: run, status and remove refuse, the outside is untouched", async () => {
    const { outside } = await worktreeAndOutside();
    await rm(path.join(ws.dir, ".worktrees/w"), { recursive: true, force: true });
    await symlink(outside, path.join(ws.dir, ".worktrees/w"));
    const run = await callThroughAgent("worktree_run", { name: "w", command: "rm canary.txt" }, "bypassPermissions");
    expect(run).toMatchObject({ isError: true, content: expect.stringContaining(".worktrees/w is a symlink: nothing was run or removed there") });
    const status = await callThroughAgent("worktree_status", { name: "w" });
    expect(status.isError).toBe(true);
    const removed = await callThroughAgent("worktree_remove", { name: "w" }, "bypassPermissions");
    expect(removed.isError).toBe(true);
    expect(await readFile(path.join(outside, "canary.txt"), "utf8")).toBe("keep me\n");
  });
});
