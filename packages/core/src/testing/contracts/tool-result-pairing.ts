/**
 * Contract: every tool_use gets exactly one tool_result, in order, in the very next user
 * message — whatever went wrong: invalid input, a tool that threw, a mix of good and failing
 * calls in one response. The API rejects a conversation that breaks this; the model must
 * always be able to see what happened to each of its calls.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkConversation } from "../../runtime/conversation-rules.ts";
import { toolResultIds, toolUseIds } from "../../runtime/messages.ts";
import type { MessageParam } from "../../runtime/protocol.ts";
import type { RecordedRequest } from "../../simulator/index.ts";
import { tempWorkspace, type TempWorkspace } from "../temp-workspace.ts";
import { runRounds, type ContractLesson, type ContractOptions, type ScriptedToolCall } from "./drive.ts";

/**
 * For every request that follows a response with tool calls: the last message is the user's,
 * it answers every call, same ids, same order (the API does not ask for the order; the harness
 * keeps it, so a reader matches call and result at a glance), and the conversation keeps the
 * protocol's rules (results first, none without its call…).
 */
export function expectPaired(requests: RecordedRequest[]): void {
  expect(requests.map((r) => r.status)).toEqual(requests.map(() => 200));
  for (const request of requests) {
    const { messages } = request.body as { messages: MessageParam[] };
    const asked = toolUseIds(messages.at(-2));
    if (asked.length === 0) continue;
    expect(messages.at(-1)?.role).toBe("user");
    expect(toolResultIds(messages.at(-1))).toEqual(asked);
    expect(checkConversation(messages)).toBeUndefined();
  }
}

export function toolResultPairingContract(lesson: ContractLesson, options: ContractOptions = {}): void {
  describe("contract: every tool_use gets exactly one tool_result, in order", () => {
    let ws: TempWorkspace;
    beforeEach(async () => {
      ws = await tempWorkspace({ "notes.txt": "first\nsecond\n" });
    });
    afterEach(() => ws.cleanup());

    const run = async (rounds: ScriptedToolCall[][]) => {
      const round = await runRounds(lesson, ws.dir, rounds, options);
      expectPaired(round.requests);
      return round;
    };

    it("invalid input gets an error result that says what is wrong", async () => {
      const { results } = await run([[{ name: "read_file", input: { file: "notes.txt" } }]]);
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ isError: true, content: expect.stringMatching(/invalid input/i) });
    });

    it("a tool that fails gets an error result naming what failed", async () => {
      const { results } = await run([[{ name: "read_file", input: { path: "missing.txt" } }]]);
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ isError: true, content: expect.stringContaining("missing.txt") });
    });

    it("a mix of good and failing calls in one response: one result each, in order", async () => {
      const calls: ScriptedToolCall[] = [
        { name: "read_file", input: { path: "notes.txt" } },
        { name: "read_file", input: { path: "missing.txt" } },
        { name: "glob", input: { pattern: "*.txt" } },
        { name: "write_file", input: { path: "no-content.txt" } },
        { name: "bash", input: { command: "exit 3" } },
        { name: "grep", input: { pattern: "(unclosed" } },
        { name: "grep", input: { pattern: "second" } },
      ];
      const { results } = await run([calls]);
      expect(results.map((r) => r.isError)).toEqual([false, true, false, true, true, true, false]);
      expect(results[0]!.content).toContain("first");
      expect(results[2]!.content).toContain("notes.txt");
      expect(results[6]!.content).toContain("notes.txt:2:");
    });

    it("stays paired over several rounds", async () => {
      const { requests } = await run([
        [{ name: "read_file", input: { path: "missing.txt" } }, { name: "glob", input: { pattern: "*" } }],
        [{ name: "grep", input: { pattern: "[" } }],
        [{ name: "read_file", input: { path: "notes.txt" } }],
      ]);
      expect(requests).toHaveLength(4);
    });
  });
}
