/**
 * A named pipe (FIFO) where a task file belongs (.tasks/2.json). A plain read waits for a
 * writer forever, and not even SIGTERM ends the session then (the read is stuck in a thread
 * Node waits for at exit). Core's reader refuses it at once: it is reported like a broken
 * task file, the rest of the board works, and its id is never given to a new task. 10 s a
 * test is a limit far above the need: a regression fails instead of hanging.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Script } from "@learn/core/simulator";
import { makeFifo, scriptedAgent, toolResultsOf, useFifos, useTempWorkspace } from "@learn/core/testing";
import { lesson, TASK_DIR, TaskBoard } from "../src/index.ts";
import { never, text, use } from "./helpers.ts";

const LIMIT_MS = 10_000;

describe("a named pipe where a task file belongs", () => {
  const ws = useTempWorkspace();
  useFifos();

  it("is named when the agent starts; the rest of the board works, and a new task does not take its id", async () => {
    const board = await TaskBoard.open(ws.dir);
    await board.create({ subject: "Parse the input" });
    await board.create({ subject: "Write the parser" });
    await board.create({ subject: "Write the tests", blockedBy: [1] });
    await rm(path.join(ws.dir, TASK_DIR, "2.json"));
    await makeFifo(path.join(ws.dir, TASK_DIR, "2.json"));
    const script: Script = {
      turns: [
        { content: [use("task_list", {}), use("task_create", { subject: "Document it" })] },
        { expect: { lastUserIncludes: "Created task #4" }, content: [text("Listed and added.")] },
      ],
    };
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir);
    expect(renderer.ofKind("error").map((e) => e.text)).toEqual([".tasks/2.json: skipped: a named pipe (FIFO), not a regular file"]);

    expect(await agent.run("What is on the board?", never())).toBe("Listed and added.");
    const [list, created] = toolResultsOf(simulator.requests[1]!.body);
    expect(list!.content).toMatch(/^2 tasks in \.tasks\/: 1 ready, 1 blocked, 0 done\n/);
    expect(created).toMatchObject({ isError: false, content: "Created task #4: Document it" });
  }, LIMIT_MS);
});
