/**
 * A named pipe (FIFO) where an agent file belongs (.claude/agents/*.md). A plain read waits
 * for a writer forever, and not even SIGTERM ends the session then. Core's reader refuses it
 * at once: it is reported like a broken file, and the other types load. 10 s a test is a
 * limit far above the need: a regression fails instead of hanging.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeFifo, scriptedAgent, useFifos, useTempWorkspace } from "@learn/core/testing";
import { tools as s02Tools } from "@learn/s02";
import { withEarlierToolPermissions } from "@learn/s03";
import { lesson, loadAgentTypes } from "../src/index.ts";

/** s02's tools as a child gets them: with the meaning s03 gives them (their Claude Code names). */
const tools = withEarlierToolPermissions(s02Tools);

const LIMIT_MS = 10_000;

describe("a named pipe where an agent file belongs", () => {
  const ws = useTempWorkspace();
  useFifos();

  it("is reported, file and reason; the built-ins and the workspace's other agent file load", async () => {
    await makeFifo(path.join(ws.dir, ".claude/agents/piped.md"));
    const loaded = await loadAgentTypes(ws.dir, tools);
    expect(loaded.problems).toEqual([".claude/agents/piped.md: skipped: a named pipe (FIFO), not a regular file"]);
    expect([...loaded.types.keys()]).toEqual(["general-purpose", "explore", "test-scout"]);
  }, LIMIT_MS);

  it("the agent starts, says so once, and answers", async () => {
    await makeFifo(path.join(ws.dir, ".claude/agents/piped.md"));
    const { agent, renderer } = await scriptedAgent(lesson, "turns: [ { content: [ { type: text, text: Hello. } ] } ]", ws.dir);
    expect(renderer.ofKind("error").map((e) => e.text)).toEqual([".claude/agents/piped.md: skipped: a named pipe (FIFO), not a regular file"]);
    expect(await agent.run("Hi.", new AbortController().signal)).toBe("Hello.");
  }, LIMIT_MS);
});
