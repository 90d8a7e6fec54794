/**
 * s07-fallback: the lesson's agent with the student's fallback switch, given a fallback model
 * (FALLBACK_MODEL_ID); the scripted model answers 529 "overloaded" (or 500) some times, and the
 * checks read the model each request named. The simulator asks for a 20 ms wait between tries.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";

const FALLBACK = "claude-fallback";
const overloaded = { error: { status: 529, type: "overloaded_error", message: "Overloaded" } };
const serverError = { error: { status: 500, type: "api_error", message: "Internal server error" } };
const say = (text: string) => ({ content: [{ type: "text", text }] });

/** Each prompt's turns in order; the model each request named ("lead" for the agent's own, or the id), and the notices. */
async function session(t: CheckContext, turns: object[], prompts: string[], fallbackModel: string | null = FALLBACK) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const { agent, simulator, renderer } = await scriptedAgent(lesson, JSON.stringify({ turns }), await t.workspace({ ".keep": "" }), fallbackModel ? { fallbackModel } : {});
  const answers: string[] = [];
  for (const prompt of prompts) answers.push(await agent.run(prompt, new AbortController().signal));
  const models = simulator.requests.map((r) => (r.body as { model: string }).model);
  return { answers, models: models.map((m) => (m === models[0] ? "lead" : m)), notices: renderer.ofKind("notice").map((n) => n.text).filter((n) => n.includes("fallback")) };
}

export default defineChecks([
  {
    name: "three overloads in a row: the retry and the rest of the session go to the fallback model, said once",
    async run(t) {
      const { answers, models, notices } = await session(t, [overloaded, overloaded, overloaded, say("From the fallback."), say("Still the fallback.")], ["Go.", "Again."]);
      expect(models, "the model of each request: three 529s, the retry, the next prompt").toEqual(["lead", "lead", "lead", FALLBACK, FALLBACK]);
      expect(answers, "the answers of the two prompts").toEqual(["From the fallback.", "Still the fallback."]);
      expect(notices.length, "notices on screen that name the switch to the fallback model").toBe(1);
    },
  },
  {
    name: "overloads that are not in a row (a success or another error between them) switch nothing",
    async run(t) {
      const turns = [overloaded, overloaded, say("One."), overloaded, serverError, overloaded, overloaded, say("Two.")];
      const { models, notices } = await session(t, turns, ["Go.", "Again."]);
      expect(models, "529, 529, success | 529, 500, 529, 529, success: never three overloads in a row").toEqual(Array(8).fill("lead"));
      expect(notices, "notices about a fallback").toEqual([]);
    },
  },
  {
    name: "without a fallback model, overloads are only retried: every request keeps the agent's model",
    async run(t) {
      const { models, answers } = await session(t, [overloaded, overloaded, overloaded, overloaded, say("Done.")], ["Go."], null);
      expect(models, "four 529s and a success, no FALLBACK_MODEL_ID").toEqual(Array(5).fill("lead"));
      expect(answers, "the answer after the retries").toEqual(["Done."]);
    },
  },
]);
