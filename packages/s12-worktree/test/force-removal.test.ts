/**
 * A forced worktree_remove throws work away, so no grant approves it: the permission mode
 * decides (a person at a terminal says yes or no; with no terminal it is refused; only
 * bypassPermissions lets it through). The unforced removal stays granted: it refuses by itself
 * while anything would be lost. Driven through the s12 agent (real SDK, simulator, real git in
 * a temporary repository), with an uncommitted canary file in the worktree.
 */
import { access, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { TaskBoard } from "@learn/s08";
import { INDEX_FILE, lesson } from "../src/index.ts";
import { Worktrees } from "../src/worktrees/index.ts";
import { gitIn, runAll, text, use, useRepoWorkspace } from "./helpers.ts";

const ws = useRepoWorkspace();
const exists = (p: string) => access(p).then(() => true, () => false);
const CANARY = "canary.js";

/** Worktree `w`, made by the lesson's manager, with an uncommitted canary file in it. */
async function worktreeWithUncommittedWork(): Promise<string> {
  const worktrees = new Worktrees(ws.dir, await TaskBoard.open(ws.dir));
  await worktrees.create({ name: "w" });
  const folder = path.join(ws.dir, ".worktrees/w");
  await writeFile(path.join(folder, CANARY), "export const canary = 1;\n");
  return folder;
}

/** One worktree_remove call through the agent; its result and the questions asked. */
async function removeThroughAgent(input: Record<string, unknown>, options: { flags?: Record<string, string>; interactive?: boolean; answer?: string } = {}) {
  const asked: string[] = [];
  const scripted = await scriptedAgent(lesson, JSON.stringify({ turns: [{ content: [use("worktree_remove", input)] }, { content: [text("done")] }] }), ws.dir, {
    flags: { "idle-poll-ms": "50", ...options.flags },
    interactive: options.interactive ?? false,
    ask: async (q) => (asked.push(q), options.answer ?? "n"),
  });
  try {
    await runAll(scripted.agent, "remove it", scripted.renderer);
  } finally {
    await scripted.agent.close?.();
  }
  expect(scripted.simulator.remaining()).toBe(0);
  return { result: toolResultsOf(scripted.simulator.requests[1]!.body)[0]!, asked };
}

const statusOf = async (name: string) => (JSON.parse(await readFile(path.join(ws.dir, INDEX_FILE), "utf8")) as { worktrees: { name: string; status: string }[] }).worktrees.find((e) => e.name === name)?.status;

describe("a forced worktree_remove", () => {
  it("in default mode with no terminal (--print) is refused with the reason; the worktree and its uncommitted canary stay", async () => {
    const folder = await worktreeWithUncommittedWork();
    const { result } = await removeThroughAgent({ name: "w", force: true });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/force discards/);
    expect(await readFile(path.join(folder, CANARY), "utf8")).toBe("export const canary = 1;\n");
    expect(await gitIn(ws.dir, "branch", "--list", "wt/w")).toContain("wt/w");
    expect(await statusOf("w")).toBe("active");
  });

  it("at a terminal, a person is asked; no keeps the work", async () => {
    const folder = await worktreeWithUncommittedWork();
    const { result, asked } = await removeThroughAgent({ name: "w", force: true }, { interactive: true, answer: "n" });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain("worktree_remove");
    expect(result.isError).toBe(true);
    expect(await exists(path.join(folder, CANARY))).toBe(true);
  });

  it("in acceptEdits mode is not taken for a file edit: refused with no terminal, the work stays", async () => {
    const folder = await worktreeWithUncommittedWork();
    const { result } = await removeThroughAgent({ name: "w", force: true }, { flags: { "permission-mode": "acceptEdits" } });
    expect(result.isError).toBe(true);
    expect(await exists(path.join(folder, CANARY))).toBe(true);
  });

  it("in bypassPermissions mode is allowed: the worktree, its branch and the canary are gone", async () => {
    const folder = await worktreeWithUncommittedWork();
    const { result, asked } = await removeThroughAgent({ name: "w", force: true }, { flags: { "permission-mode": "bypassPermissions" } });
    expect(result).toMatchObject({ isError: false, content: "Removed worktree w and its branch wt/w (forced: unmerged work was dropped)." });
    expect(asked).toEqual([]);
    expect(await exists(folder)).toBe(false);
    expect(await gitIn(ws.dir, "branch", "--list", "wt/w")).toBe("");
  });
});

describe("an unforced worktree_remove", () => {
  it("of a clean, merged worktree is still granted: no question, no terminal needed", async () => {
    const worktrees = new Worktrees(ws.dir, await TaskBoard.open(ws.dir));
    await worktrees.create({ name: "clean" });
    const { result, asked } = await removeThroughAgent({ name: "clean" }, { interactive: true });
    expect(result).toMatchObject({ isError: false, content: "Removed worktree clean and its branch wt/clean." });
    expect(asked).toEqual([]);
    expect(await exists(path.join(ws.dir, ".worktrees/clean"))).toBe(false);
  });

  it("of a worktree with uncommitted work refuses by itself, asking nobody and losing nothing", async () => {
    const folder = await worktreeWithUncommittedWork();
    const { result, asked } = await removeThroughAgent({ name: "w" }, { interactive: true });
    expect(result.isError).toBe(true);
    expect(result.content).toContain(`Worktree w has uncommitted changes (?? ${CANARY})`);
    expect(asked).toEqual([]);
    expect(await exists(path.join(folder, CANARY))).toBe(true);
  });
});
