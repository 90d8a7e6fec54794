/**
 * s16-repeated-reason: the lesson's agent with the student's goalStopHook, in goal sessions whose
 * evaluator repeats itself or not; the checks count the evaluator's requests and read the screen.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { goalSession, says, verdict } from "../check-helpers/goal-session.ts";

const notMet = (reason: string) => [says(`Trying (${reason}).`), verdict({ ok: false, reason })];

export default defineChecks([
  {
    name: "the same reason twice in a row ends the loop; the goal stays set",
    async run(t) {
      const s = await goalSession(t, "notes.md is done", [...notMet("nothing written"), ...notMet("the title is missing"), ...notMet("the title is missing")]);
      expect(s.errors, "no error (a fourth turn would find the script empty)").toEqual([]);
      expect(s.evaluations.length, "reasons: nothing written, the title is missing, the title is missing — the third stops the loop").toBe(3);
      expect(s.notices.at(-1), "the screen should say why it stopped").toMatch(/same reason/i);
      expect(s.status, "/goal afterwards: still set").toMatch(/^Goal: notes\.md is done/);
    },
  },
  {
    name: "different reasons go on, even when an older one comes back",
    async run(t) {
      const s = await goalSession(t, "notes.md is done", [...notMet("a"), ...notMet("b"), ...notMet("a"), says("Done."), verdict({ ok: true, reason: "done" })]);
      expect(s.errors, "no error").toEqual([]);
      expect(s.evaluations.length, "reasons a, b, a, then met: four checks").toBe(4);
      expect(s.notices, "met at the end").toContain("Goal met: done");
    },
  },
]);
