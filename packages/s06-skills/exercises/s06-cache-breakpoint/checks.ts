/**
 * s06-cache-breakpoint: the lesson's agent with the student's withLastMarked; a scripted session
 * of a few rounds, and the checks read where the cache_control marks were in each request sent.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { MessageParam } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";

const read = { type: "tool_use", name: "read_file", input: { path: "notes.txt" } };
const round = (...calls: object[]) => ({ content: calls });

/** For each request: every marked block of its messages, as "message index/block index type". */
async function marks(t: CheckContext, turns: object[]) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), await t.workspace({ "notes.txt": "hello\n" }));
  await agent.run("Read the notes.", new AbortController().signal);
  return simulator.requests.map((r) => {
    const messages = (r.body as { messages: MessageParam[] }).messages;
    const found: string[] = [];
    messages.forEach((m, i) => {
      if (typeof m.content !== "string") m.content.forEach((b, j) => { if ("cache_control" in b && b.cache_control) found.push(`${i}/${j} ${b.type}`); });
    });
    const last = messages.at(-1)!;
    const end = typeof last.content === "string" ? "a string (no block to mark)" : `${messages.length - 1}/${last.content.length - 1} ${last.content.at(-1)!.type}`;
    return { found, end };
  });
}

export default defineChecks([
  {
    name: "every request carries one breakpoint in its messages: on the last block of the last message",
    async run(t) {
      const requests = await marks(t, [round(read), round(read, read), { content: [{ type: "text", text: "Done." }] }]);
      requests.forEach(({ found, end }, i) => {
        const step = ["request 1 (the prompt alone)", "request 2 (after one read)", "request 3 (after two reads in one round)"][i];
        expect(found, `${step}: the marked blocks, as message/block — the last block is ${end}`).toEqual([end]);
      });
    },
  },
  {
    name: "a message that ends with text after its tool results (s04's reminder) is marked on that text, its last block",
    async run(t) {
      // No plan and three rounds of reads: the fourth request's last message is the results, then the reminder.
      const requests = await marks(t, [round(read), round(read), round(read), { content: [{ type: "text", text: "Done." }] }]);
      const { found, end } = requests[3]!;
      expect(end, "request 4's last block should be s04's reminder text").toMatch(/ text$/);
      expect(found, "request 4: the marked blocks, as message/block").toEqual([end]);
    },
  },
]);
