/**
 * A named pipe (FIFO) where the worktree index belongs (.worktrees/index.json). A plain read
 * waits for a writer forever, and not even SIGTERM ends the session then (the read is stuck
 * in a thread Node waits for at exit). Core's reader refuses it at once: the index is
 * reported as broken, as a file that is not JSON is; nothing is created, and the session
 * goes on. 20 s is a limit far above the need (the agent starts git): a regression fails.
 */
import { access, mkdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeFifo, scriptedAgent, toolResultsOf, useFifos } from "@learn/core/testing";
import { INDEX_FILE, lesson } from "../src/index.ts";
import { requestsOf, runAll, text, use, useRepoWorkspace } from "./helpers.ts";

const LIMIT_MS = 20_000;
const BROKEN = ".worktrees/index.json is broken (a named pipe (FIFO), not a regular file)";

describe("a named pipe where the worktree index belongs", () => {
  const ws = useRepoWorkspace();
  useFifos();

  it("worktree_list says it is broken, worktree_create changes nothing; the turn ends", async () => {
    await mkdir(path.join(ws.dir, ".worktrees"), { recursive: true });
    await makeFifo(path.join(ws.dir, INDEX_FILE));
    const turns = [{ content: [use("worktree_list", {}), use("worktree_create", { name: "w" })] }, { content: [text("The index is broken.")] }];
    const { agent, simulator, renderer } = await scriptedAgent(lesson, JSON.stringify({ turns }), ws.dir);
    try {
      await runAll(agent, "Make a worktree.", renderer);
      expect(await agent.commands!.find((c) => c.name === "worktrees")!.run("")).toContain(BROKEN);
    } finally {
      await agent.close?.();
    }
    const [listed, created] = toolResultsOf(requestsOf(simulator.requests, "lead")[1]!.body);
    expect(listed!.content).toContain(`${BROKEN}: fix it or delete it.`);
    expect(created).toMatchObject({ isError: true, content: expect.stringContaining(`${BROKEN}, so nothing was changed.`) });
    await expect(access(path.join(ws.dir, ".worktrees/w"))).rejects.toThrow();
  }, LIMIT_MS);
});
