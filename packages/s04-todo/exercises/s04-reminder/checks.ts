/**
 * s04-reminder: the lesson's agent with the student's reminder, in scripted sessions of rounds
 * of tool calls; the checks read the user messages the model was sent after each round.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { MessageParam } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";

const read = { type: "tool_use", name: "read_file", input: { path: "notes.txt" } };
const plan = (status: string) => ({ type: "tool_use", name: "todo_write", input: { todos: [{ content: "Read the notes", status }] } });
const badPlan = { type: "tool_use", name: "todo_write", input: { todos: [{ content: "", status: "pending" }] } };
const answer = { content: [{ type: "text", text: "Done." }] };
const round = (...calls: object[]) => ({ content: calls });

/** For each request after the first: how many reminders its last user message carried. */
async function remindersPerRound(t: CheckContext, turns: object[], prompts = ["Go."]): Promise<number[]> {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), await t.workspace({ "notes.txt": "hello\n" }));
  for (const prompt of prompts) await agent.run(prompt, new AbortController().signal);
  return simulator.requests.slice(1).map((r) => {
    const last = (r.body as { messages: MessageParam[] }).messages.at(-1)!;
    return typeof last.content === "string" ? 0 : last.content.filter((b) => b.type === "text" && b.text.startsWith("<reminder>")).length;
  });
}

export default defineChecks([
  {
    name: "after 3 rounds without todo_write, the reminder follows that round's results; ignored, it comes again 3 rounds later",
    async run(t) {
      const counts = await remindersPerRound(t, [round(plan("in_progress")), ...Array(6).fill(round(read, read)), answer]);
      // Request 2 answers the plan; requests 3..8 answer the six rounds of reads.
      expect(counts, "reminders in the message after each round (round 1 wrote the plan, rounds 2–7 only read)").toEqual([0, 0, 0, 1, 0, 0, 1]);
    },
  },
  {
    name: "a todo_write that succeeds resets the count; one that fails does not",
    async run(t) {
      const counts = await remindersPerRound(t, [round(plan("in_progress")), round(read), round(read), round(read, plan("in_progress")), round(read), round(read), round(badPlan), answer]);
      expect(counts, "reminders after each round (round 4 rewrote the plan; round 7's todo_write was invalid)").toEqual([0, 0, 0, 0, 0, 0, 1]);
    },
  },
  {
    name: "no plan at all: a reminder after 3 rounds; every item completed: none",
    async run(t) {
      expect(await remindersPerRound(t, [round(read), round(read), round(read), answer]), "three rounds of reads and no plan").toEqual([0, 0, 1]);
      expect(await remindersPerRound(t, [round(plan("completed")), round(read), round(read), round(read), round(read), answer]), "a plan whose items are all completed").toEqual([0, 0, 0, 0, 0]);
    },
  },
  {
    name: "each prompt counts from zero",
    async run(t) {
      const counts = await remindersPerRound(t, [round(plan("in_progress")), round(read), round(read), answer, round(read), round(read), answer], ["First.", "Second."]);
      expect(counts.reduce((a, b) => a + b, 0), "reminders over two prompts of two reading rounds each").toBe(0);
    },
  },
]);
