/**
 * s04-remind-after: the lesson's agent with the student's mechanism, built with
 * `--remind-after` 1, 5, none and nonsense; scripted rounds of reads show when the reminder comes.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { MessageParam } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";

const read = { type: "tool_use", name: "read_file", input: { path: "notes.txt" } };
const plan = { type: "tool_use", name: "todo_write", input: { todos: [{ content: "Read the notes", status: "in_progress" }] } };

/** After which rounds of reads (1, 2, …) a reminder came, with the flag set to `remindAfter`. */
async function remindedAfter(t: CheckContext, remindAfter: string | undefined): Promise<number[]> {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const turns = [{ content: [plan] }, ...Array(6).fill({ content: [read] }), { content: [{ type: "text", text: "Done." }] }];
  const flags = remindAfter === undefined ? {} : { "remind-after": remindAfter };
  const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), await t.workspace({ "notes.txt": "hi\n" }), { flags });
  await agent.run("Go.", new AbortController().signal);
  // Request 3 answers the first round of reads, request 4 the second…
  return simulator.requests.slice(2).flatMap((r, i) => {
    const last = (r.body as { messages: MessageParam[] }).messages.at(-1)!;
    return typeof last.content !== "string" && last.content.some((b) => b.type === "text" && b.text.startsWith("<reminder>")) ? [i + 1] : [];
  });
}

export default defineChecks([
  {
    name: "the lesson offers --remind-after (a mechanism's flag)",
    async run(t) {
      const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
      expect(lesson.flags?.map((flag) => flag.name), "the lesson's flags").toContain("remind-after");
    },
  },
  {
    name: "--remind-after 1 reminds after every round; 5 after the fifth; no flag after the third",
    async run(t) {
      expect(await remindedAfter(t, "1"), "with --remind-after 1, six rounds of reads: reminders after rounds").toEqual([1, 2, 3, 4, 5, 6]);
      expect(await remindedAfter(t, "5"), "with --remind-after 5: reminders after rounds").toEqual([5]);
      expect(await remindedAfter(t, undefined), "with no flag (the default, 3): reminders after rounds").toEqual([3, 6]);
    },
  },
  {
    name: "--remind-after with a value that is not a whole number of rounds is refused, naming the flag",
    async run(t) {
      const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
      const cwd = await t.workspace({ ".keep": "" });
      for (const bad of ["zero", "0", "2.5"]) {
        await expect(scriptedAgent(lesson, JSON.stringify({ turns: [{ content: [{ type: "text", text: "Hi." }] }] }), cwd, { flags: { "remind-after": bad } }), `building the agent with --remind-after ${bad}`).rejects.toThrow(/remind-after/);
      }
    },
  },
]);
