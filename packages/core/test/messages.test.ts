/**
 * appendUserText: the one way text for the model joins the conversation — a prompt, or a block a
 * mechanism adds before a model call (s09's background results, s12's new working folder).
 * It keeps the rules (conversation-rules.ts) and lets a failed turn put the conversation back.
 */
import { describe, expect, it } from "vitest";
import { checkConversation } from "../src/runtime/conversation-rules.ts";
import { appendUserText, markTurnStart, rollBackFailedTurn } from "../src/runtime/messages.ts";
import type { MessageParam, TextBlockParam } from "../src/runtime/protocol.ts";

const call = (id: string) => ({ type: "tool_use" as const, id, name: "bash", input: {} });
const result = (id: string) => ({ type: "tool_result" as const, tool_use_id: id, content: "ok" });
const note: TextBlockParam = { type: "text", text: "<background-results>\njob-1 finished\n</background-results>" };

describe("appendUserText", () => {
  it("after the model's answer, starts a user message: a prompt stays a string, a block stays a block", () => {
    const prompt: MessageParam[] = [{ role: "user", content: "go" }, { role: "assistant", content: "Done." }];
    appendUserText(prompt, "next");
    expect(prompt.at(-1)).toEqual({ role: "user", content: "next" });

    const block: MessageParam[] = [{ role: "user", content: "go" }, { role: "assistant", content: "Done." }];
    appendUserText(block, note);
    expect(block.at(-1)).toEqual({ role: "user", content: [note] });
    expect((block.at(-1)!.content as TextBlockParam[])[0]).toBe(note);
  });

  it("joins waiting tool results after them, as the same block object, on a new content array", () => {
    const results = [result("toolu_a")];
    const messages: MessageParam[] = [{ role: "user", content: "go" }, { role: "assistant", content: [call("toolu_a")] }, { role: "user", content: results }];
    appendUserText(messages, note);
    appendUserText(messages, "and a prompt");
    expect(messages).toHaveLength(3);
    expect(messages[2]!.content).toEqual([result("toolu_a"), note, { type: "text", text: "and a prompt" }]);
    expect((messages[2]!.content as unknown[])[1]).toBe(note);
    expect(results).toEqual([result("toolu_a")]); // the old content is untouched: a rollback restores it
    expect(checkConversation(messages)).toBeUndefined();
  });

  it("joins a string prompt as a text block after it", () => {
    const messages: MessageParam[] = [{ role: "user", content: "go" }];
    appendUserText(messages, note);
    expect(messages).toEqual([{ role: "user", content: [{ type: "text", text: "go" }, note] }]);
  });

  it("a failed turn puts the conversation back as it was, the block gone", () => {
    const messages: MessageParam[] = [{ role: "user", content: "go" }, { role: "assistant", content: [call("toolu_a")] }, { role: "user", content: [result("toolu_a")] }];
    const before = structuredClone(messages);
    const start = markTurnStart(messages);
    appendUserText(messages, note);
    rollBackFailedTurn(messages, start);
    expect(messages).toEqual(before);
  });

  it("refuses to come between a call and its result, and changes nothing", () => {
    const messages: MessageParam[] = [{ role: "user", content: "go" }, { role: "assistant", content: [call("toolu_a"), call("toolu_b")] }];
    const before = structuredClone(messages);
    expect(() => appendUserText(messages, note)).toThrow(/tool_use toolu_a, toolu_b must be answered first/);
    expect(messages).toEqual(before);
  });
});
