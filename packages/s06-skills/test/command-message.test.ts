/**
 * A custom command's turn as Claude Code 2.1.328 sends it (checked against the binary with the
 * same command file): `/greet world` becomes the file its text @mentions, attached first as a
 * read's call and result, then <command-message>/<command-name>/<command-args>, then the body —
 * through the lead, the request as the simulator received it. A mentioned file the policy would
 * not let the model read (a secret) is not read: the command does not start.
 */
import { describe, expect, it } from "vitest";
import { isCommandTurn } from "@learn/core";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { bodyOf, never, text, writeFiles } from "./helpers.ts";

describe("a /command's prompt, shaped as Claude Code's", () => {
  const ws = useTempWorkspace();

  it("attaches the @file (a read's call and result), then the command tags, then the body; the @ stays in the text", async () => {
    await writeFiles(ws.dir, { ".claude/commands/greet.md": "---\ndescription: greet someone\n---\nSay hi to $ARGUMENTS. See @notes.txt please.\n", "notes.txt": "NOTES-CONTENT line\n" });
    const script: Script = { turns: [{ content: [text("Hi, world.")] }] };
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir);
    const turn = await agent.commands!.find((c) => c.name === "greet")!.run("world");
    if (!isCommandTurn(turn)) throw new Error(`expected a turn, got ${JSON.stringify(turn)}`);
    expect(await agent.run(turn.prompt, never())).toBe("Hi, world.");

    const sent = bodyOf(simulator.requests[0]!).messages.at(-1)!;
    // One text (a course turn starts from one prompt string; Claude Code sends the parts as four blocks), with s06's breakpoint.
    expect(sent).toEqual({
      role: "user",
      content: [
        {
          type: "text",
          cache_control: { type: "ephemeral" },
          text:
            '<system-reminder>\nCalled the read_file tool with the following input: {"path":"notes.txt"}\n</system-reminder>\n' +
            "<system-reminder>\nResult of calling the read_file tool:\n     1\tNOTES-CONTENT line\n</system-reminder>\n" +
            "<command-message>greet</command-message>\n<command-name>/greet</command-name>\n<command-args>world</command-args>\n" +
            "Say hi to world. See @notes.txt please.",
        },
      ],
    });
  });

  it("no file, no attachment: a @word that names none stays text; the tags still come first", async () => {
    await writeFiles(ws.dir, { ".claude/commands/ping.md": "Ping @nobody, then stop.\n" });
    const { agent } = await scriptedAgent(lesson, { turns: [{ content: [text("ok")] }] }, ws.dir);
    const turn = await agent.commands!.find((c) => c.name === "ping")!.run("");
    expect(isCommandTurn(turn) && turn.prompt).toBe("<command-message>ping</command-message>\n<command-name>/ping</command-name>\n<command-args></command-args>\nPing @nobody, then stop.");
  });

  it("a mentioned secret file is not read: the command does not start, and says why", async () => {
    await writeFiles(ws.dir, { ".claude/commands/leak.md": "Summarise @.env for me.\n", ".env": "API_KEY=sk-live-not-for-the-model\n" });
    const { agent, simulator } = await scriptedAgent(lesson, { turns: [{ content: [text("never")] }] }, ws.dir);
    await expect(Promise.resolve(agent.commands!.find((c) => c.name === "leak")!.run(""))).rejects.toThrow(/\/leak did not start: @\.env may not be read/);
    expect(simulator.requests).toHaveLength(0);
  });
});
