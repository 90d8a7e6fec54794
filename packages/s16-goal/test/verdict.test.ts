/** Reading the evaluator's answer: a verdict, or a problem that says what was wrong. Table-driven. */
import { describe, expect, it } from "vitest";
import type { Message } from "@learn/core";
import { evaluatorQuestion } from "../src/goal/evaluator.ts";
import { feedbackOf } from "../src/goal/stop-hook.ts";
import { outcomeOf, readVerdict, VERDICT_JSON_SCHEMA } from "../src/goal/verdict.ts";

const answer = (text: string, stop_reason: Message["stop_reason"] = "end_turn") => ({ content: [{ type: "text", text, citations: null }], stop_reason }) as unknown as Message;

describe("readVerdict", () => {
  it.each([
    ['{"ok": true, "reason": "fail 0"}', { ok: true, reason: "fail 0" }, "met"],
    ['{"ok": false, "reason": "fail 2"}', { ok: false, reason: "fail 2" }, "not met"],
    ['{"ok": false, "impossible": true, "reason": "contradiction"}', { ok: false, impossible: true, reason: "contradiction" }, "impossible"],
    ['  {"ok": true, "impossible": true, "reason": "met wins"}\n', { ok: true, impossible: true, reason: "met wins" }, "met"],
  ])("%s is a verdict", (text, verdict, outcome) => {
    const read = readVerdict(answer(text));
    expect(read).toEqual({ verdict });
    expect(outcomeOf(verdict)).toBe(outcome);
  });

  it.each([
    ["prose", "Yes, it is done.", `the evaluator's answer is not JSON: "Yes, it is done."`],
    ["no reason", '{"ok": true}', "the evaluator's answer is not a verdict: ✖ Invalid input: expected string, received undefined → at reason"],
    ["ok as a word", '{"ok": "yes", "reason": "r"}', "the evaluator's answer is not a verdict: ✖ Invalid input: expected boolean, received string → at ok"],
    ["an extra key", '{"ok": true, "reason": "r", "confidence": 0.9}', 'the evaluator\'s answer is not a verdict: ✖ Unrecognized key: "confidence"'],
    ["a list", "[true]", "the evaluator's answer is not a verdict: ✖ Invalid input: expected object, received array"],
    ["empty", "", `the evaluator's answer is not JSON: ""`],
  ])("%s is a problem, said plainly", (_label, text, problem) => {
    expect(readVerdict(answer(text))).toEqual({ problem });
  });

  it("says when the answer was cut short", () => {
    expect(readVerdict(answer('{"ok": tr', "max_tokens"))).toEqual({ problem: `the evaluator's answer is not JSON (the answer was cut short by max_tokens): "{\\"ok\\": tr"` });
  });
});

describe("Claude Code's words", () => {
  it("the schema, the question and the feedback, as 2.1.328 sends them", () => {
    expect(VERDICT_JSON_SCHEMA).toEqual({
      type: "object",
      properties: { ok: { type: "boolean" }, reason: { type: "string" }, impossible: { type: "boolean" } },
      required: ["ok", "reason"],
      additionalProperties: false,
    });
    expect(evaluatorQuestion("tests pass", { cwd: "/w", stopHookActive: true, lastAssistantMessage: "Done." })).toBe(
      'Based on the conversation transcript above, has the following stopping condition been satisfied? Answer based on transcript evidence only.\n\nCondition: tests pass\n\nARGUMENTS: {"cwd":"/w","hook_event_name":"Stop","stop_hook_active":true,"last_assistant_message":"Done."}',
    );
    expect(feedbackOf("tests pass", "fail 2")).toBe("Stop hook feedback:\n[tests pass]: fail 2");
  });
});
