/**
 * s04-stop-open-plan: the lesson's agent with the student's mechanism; a scripted model writes
 * a plan and answers while an item is still pending. The checks read the request that follows.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { MessageParam } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";

const planWith = (second: string) => ({
  content: [{ type: "tool_use", name: "todo_write", input: { todos: [{ content: "Read the notes", status: "completed" }, { content: "Write the summary", status: second }] } }],
});
const say = (text: string) => ({ content: [{ type: "text", text }] });

async function session(t: CheckContext, turns: object[], prompts = ["Summarise the notes."]) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), await t.workspace({ "notes.txt": "hi\n" }));
  const answers: string[] = [];
  for (const prompt of prompts) answers.push(await agent.run(prompt, new AbortController().signal));
  const lastUserText = (i: number) => {
    const last = (simulator.requests[i]?.body as { messages: MessageParam[] } | undefined)?.messages.at(-1);
    if (!last) return "(no such request)";
    return typeof last.content === "string" ? last.content : last.content.map((b) => (b.type === "text" ? b.text : `[${b.type}]`)).join("\n");
  };
  return { answers, requests: simulator.requests.length, lastUserText };
}

export default defineChecks([
  {
    name: "a final answer with an item still pending: the model is sent back, told what is open",
    async run(t) {
      const { answers, requests, lastUserText } = await session(t, [planWith("pending"), say("All done."), say("Now it is really done.")]);
      expect(requests, "model calls: the plan, the early answer, and one more after being sent back").toBe(3);
      expect(lastUserText(2), "the message after the early answer should name the open item").toContain("Write the summary");
      expect(answers[0], "the answer of the turn").toBe("Now it is really done.");
    },
  },
  {
    name: "sent back at most once per prompt, and not at all when every item is completed",
    async run(t) {
      const ignored = await session(t, [planWith("pending"), say("Done."), say("Still done."), say("Second prompt, done."), say("Done again.")], ["First.", "Second."]);
      expect(ignored.requests, "model calls over two prompts, each answered early twice (one send-back per prompt)").toBe(5);
      const finished = await session(t, [planWith("completed"), say("All done.")]);
      expect(finished.requests, "model calls when the plan is all completed (no send-back)").toBe(2);
    },
  },
]);
