/**
 * Named pipes (FIFOs) where the team's files belong: the roster (.team/config.json) and a
 * mailbox (.team/inbox/lead.jsonl). A plain read waits for a writer forever, and not even
 * SIGTERM ends the session then (the read is stuck in a thread Node waits for at exit).
 * Core's reader refuses each at once: the roster is reported as broken, as a file that is
 * not JSON is; the mailbox is reported once, and the session goes on. 10 s a test is a
 * limit far above the need: a regression fails instead of hanging.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeFifo, scriptedAgent, toolResultsOf, useFifos, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { lastMessage, requestsOf, runAll, text, textOfMessage, use } from "./helpers.ts";

const LIMIT_MS = 10_000;
const PIPE = "a named pipe (FIFO), not a regular file";
const turn = (content: object[]) => ({ content });

describe("named pipes where the team's files belong", () => {
  const ws = useTempWorkspace();
  useFifos();
  const fifo = async (rel: string) => {
    await mkdir(path.dirname(path.join(ws.dir, rel)), { recursive: true });
    return await makeFifo(path.join(ws.dir, rel));
  };

  it("the roster: /team says it is broken, spawn_teammate changes nothing; the turn ends", async () => {
    await fifo(".team/config.json");
    const script = JSON.stringify({
      turns: [turn([use("spawn_teammate", { name: "alice", role: "r", prompt: "p" })]), turn([text("No team today.")])],
    });
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir);
    try {
      await runAll(agent, "Start a team.", renderer);
      expect(await agent.commands!.find((c) => c.name === "team")!.run("")).toBe(
        `.team/config.json is broken (${PIPE}): no teammate can join or change status until it is fixed or deleted.`,
      );
    } finally {
      await agent.close?.();
    }
    const [spawned] = toolResultsOf(requestsOf(simulator.requests, "lead")[1]!.body);
    expect(spawned).toMatchObject({ isError: true, content: `Error: .team/config.json is broken (${PIPE}), so nothing was changed. Fix the file or delete it, then try again.` });
  }, LIMIT_MS);

  it("the lead's mailbox: said once in the next request, not in every one; /inbox says it too", async () => {
    await fifo(".team/inbox/lead.jsonl");
    const script = JSON.stringify({
      turns: [turn([use("glob", { pattern: "*.md" })]), turn([text("Looked.")])],
    });
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir);
    const said = `.team/inbox/lead.jsonl: skipped: ${PIPE}; no mail can arrive there until it is removed`;
    try {
      await runAll(agent, "Look around.", renderer);
      expect(await agent.commands!.find((c) => c.name === "inbox")!.run("")).toBe(said);
    } finally {
      await agent.close?.();
    }
    const [first, second] = requestsOf(simulator.requests, "lead");
    expect(textOfMessage(lastMessage(first!))).toContain(`A message could not be read:\n  ${said}`); // quoted, like a mail
    expect(textOfMessage(lastMessage(second!))).not.toContain("could not be read");
  }, LIMIT_MS);
});
