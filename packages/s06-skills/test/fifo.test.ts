/**
 * Named pipes (FIFOs) where lesson 6's knowledge files belong: CLAUDE.md, a SKILL.md, a
 * command file, an agent file, a memory. A plain read of one waits for a writer forever, in a
 * thread Node joins at exit, so not even Ctrl-C or SIGTERM could end the session. Core's
 * reader refuses each at once: it is reported, file and reason, like a broken file, and the
 * session goes on with the rest. 10 s a test is a limit far above the need: a regression fails.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Script } from "@learn/core/simulator";
import { makeFifo, scriptedAgent, toolResultsOf, useFifos, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { memoryFile, never, systemText, text, use, writeFiles } from "./helpers.ts";

const LIMIT_MS = 10_000;
const PIPE = "a named pipe (FIFO), not a regular file";

describe("named pipes where knowledge files belong", () => {
  const ws = useTempWorkspace();
  useFifos();
  const fifo = async (rel: string) => await makeFifo(path.join(ws.dir, rel));

  it("each is reported at start, file and reason; the session answers with the rest", async () => {
    await writeFiles(ws.dir, {
      ".claude/skills/piped/README.md": "The SKILL.md beside this file is a named pipe.\n",
      ".memory/test-command.md": memoryFile("test-command", "How to run shop's tests", "project", "Run `node --test shop/test/*.test.js`."),
    });
    await rm(path.join(ws.dir, "CLAUDE.md"));
    for (const rel of ["CLAUDE.md", ".claude/skills/piped/SKILL.md", ".claude/commands/piped.md", ".claude/agents/piped.md", ".memory/piped.md"]) await fifo(rel);

    const script: Script = { turns: [{ content: [text("Hello.")] }] };
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir);
    expect(renderer.ofKind("error").map((e) => e.text)).toEqual([
      `.claude/skills/piped/SKILL.md: skipped: ${PIPE}`,
      ".memory/piped.md: skipped: not a regular file (a folder, a symlink or a device)",
      `CLAUDE.md: cannot be read (${PIPE}); ignored`,
      `.claude/agents/piped.md: skipped: ${PIPE}`,
      `.claude/commands/piped.md: skipped: ${PIPE}`,
    ]);

    expect(await agent.run("Hi.", never())).toBe("Hello.");
    const system = systemText(simulator.requests[0]!);
    expect(system).toContain("- write-a-test: "); // the bundled skills
    expect(system).not.toContain("- piped");
    expect(system).toContain("- [test-command](test-command.md)"); // the memory that is a file
    expect(system).not.toContain("Instructions from CLAUDE.md");
    expect(agent.anatomy().commands).not.toContain("piped");
  }, LIMIT_MS);

  it("a SKILL.md swapped for a pipe after the start: load_skill answers with an error at once", async () => {
    await writeFiles(ws.dir, { ".claude/skills/later/SKILL.md": "---\nname: later\ndescription: Swapped for a pipe.\n---\nDo it.\n" });
    const script: Script = {
      turns: [{ content: [use("load_skill", { name: "later" })] }, { content: [text("It could not be loaded.")] }],
    };
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir);
    await rm(path.join(ws.dir, ".claude/skills/later/SKILL.md"));
    await fifo(".claude/skills/later/SKILL.md");
    expect(await agent.run("Use the later skill.", never())).toBe("It could not be loaded.");
    const [result] = toolResultsOf(simulator.requests[1]!.body);
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining(`SKILL.md is ${PIPE}`) });
  }, LIMIT_MS);
});
