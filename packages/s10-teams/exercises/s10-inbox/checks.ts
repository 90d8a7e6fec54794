/**
 * s10-inbox: the lesson's agent with the student's inbox.ts. Mail written to the lead's mailbox
 * file before the session must ride on its first request; mail a teammate sends while the lead
 * is idle must wake the lead with a turn of its own.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";
import { lastMessage, runAll, textOfMessage } from "../../../s09-background/src/testing/index.ts";

const mail = (from: string, content: string) => JSON.stringify({ type: "message", from, content, timestamp: "2026-01-01T09:00:00.000Z" });
const say = (text: string, extra: object = {}) => ({ ...extra, content: [{ type: "text", text }] });
const use = (name: string, input: object, extra: object = {}) => ({ ...extra, content: [{ type: "tool_use", name, input }] });

export default defineChecks([
  {
    name: "mail waiting in the lead's mailbox rides on its next request, once, and the file is emptied",
    async run(t) {
      const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
      const box = `${mail("alice", "add() is in math.ts")}\n{ this line is broken\n`;
      const cwd = await t.workspace({ ".team/inbox/lead.jsonl": box });
      const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns: [say("Noted."), say("Still noted.")] }), cwd);
      try {
        await agent.run("What is new?", new AbortController().signal);
        await agent.run("And now?", new AbortController().signal);
      } finally {
        await agent.close?.();
      }
      const first = textOfMessage(lastMessage(simulator.requests[0]!));
      expect(first, "request 1: the lead's mailbox held a mail from alice; its last message should carry it in an <inbox> block").toMatch(
        /<inbox>\nFrom alice \(message, 2026-01-01T09:00:00\.000Z\):\n  add\(\) is in math\.ts/,
      );
      expect(first, "request 1: the broken line of the mailbox is said, not dropped").toMatch(/A message could not be read:\n[\s\S]*this line is broken/);
      expect(textOfMessage(lastMessage(simulator.requests[1]!)), "request 2 (the next prompt): the mail was delivered already, not again").not.toContain("<inbox>");
      expect(await readFile(path.join(cwd, ".team/inbox/lead.jsonl"), "utf8"), "the mailbox file after it was read: drained").toBe("");
    },
  },
  {
    name: "a teammate's mail to an idle lead wakes it: a turn of its own, \"New mail; it follows.\"",
    async run(t) {
      const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
      const turns = [
        use("spawn_teammate", { name: "alice", role: "reports", prompt: "Tell lead you are done." }),
        say("alice is at work."),
        use("send_message", { to: "lead", content: "All done." }, { agent: "alice", after: { agent: "lead", served: 2 } }),
        say("Reported.", { agent: "alice" }),
        say("alice is done."),
      ];
      const { agent, simulator, renderer } = await scriptedAgent(lesson, JSON.stringify({ turns }), await t.workspace({}));
      let sources: (string | undefined)[] = [];
      try {
        sources = (await runAll(agent, "Have alice report.", renderer)).map((turn) => turn.source);
      } finally {
        await agent.close?.();
      }
      expect(sources, "step: the lead's turn ends, then alice sends it mail: the lead should get a second turn, from that mail").toEqual([undefined, "mail from alice"]);
      const woken = simulator.requests.filter((r) => r.agent !== "alice").at(-1)!;
      expect(textOfMessage(lastMessage(woken)), "the woken turn's request: the wake prompt, then the mail in <inbox>").toMatch(/New mail; it follows\.[\s\S]*<inbox>\nFrom alice \(message, [^)]*\):\n  All done\./);
    },
  },
]);
