/**
 * s16-goal-hook: the lesson's agent with the student's goalStopHook, in scripted goal sessions;
 * the checks read the evaluator's requests, the feedback the agent was sent, and the screen.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { goalSession, says, verdict } from "../check-helpers/goal-session.ts";

const lastUserText = (r: { body: unknown }) => {
  const last = (r.body as { messages: { content: string | { type: string; text?: string }[] }[] }).messages.at(-1)!;
  return typeof last.content === "string" ? last.content : last.content.map((b) => b.text ?? "").join("");
};

export default defineChecks([
  {
    name: "not met: the reason goes back as Claude Code's feedback message, and the agent works on; met: it stops",
    async run(t) {
      const s = await goalSession(t, "notes.md is done", [says("Not yet."), verdict({ ok: false, reason: "nothing written" }), says("Done."), verdict({ ok: true, reason: "the assistant said Done." })]);
      expect(s.evaluations.length, "the agent stopped twice: the evaluator should have been asked twice").toBe(2);
      expect(lastUserText(s.agentRequests[1]!), "after 'not met', the next request's last user message").toBe("Stop hook feedback:\n[notes.md is done]: nothing written");
      expect(s.notices, "each verdict is shown on screen").toEqual(expect.arrayContaining(["Goal met: the assistant said Done."]));
      expect(s.status, "/goal after the goal was met: it clears itself").toMatch(/^No goal set/);
    },
  },
  {
    name: "impossible: the loop stops after one check, and the goal is cleared",
    async run(t) {
      const s = await goalSession(t, "2 + 2 is 5", [says("That cannot be."), verdict({ ok: false, impossible: true, reason: "arithmetic" })]);
      expect(s.errors, "no error should be shown").toEqual([]);
      expect(s.evaluations.length, "one stop, one check").toBe(1);
      expect(s.agentRequests.length, "no second turn after 'impossible'").toBe(1);
      expect(s.status, "/goal after an impossible verdict").toMatch(/^No goal set/);
    },
  },
  {
    name: "not met 9 times in a row ends the turn anyway (Claude Code's cap); the goal stays set",
    async run(t) {
      const turns = Array.from({ length: 9 }, (_, i) => [says(`Try ${i + 1}.`), verdict({ ok: false, reason: `missing ${i + 1}` })]).flat();
      const s = await goalSession(t, "notes.md is done", turns);
      expect(s.errors, "no error should be shown (a 10th request would find the script empty)").toEqual([]);
      expect(s.evaluations.length, "nine checks, then the cap").toBe(9);
      expect(s.status, "/goal after the cap: still set").toMatch(/^Goal: notes\.md is done/);
    },
  },
]);
