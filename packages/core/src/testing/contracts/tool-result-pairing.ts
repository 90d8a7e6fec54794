/**
 * Contract: every tool_use gets exactly one tool_result, in order, in the very next user
 * message — whatever went wrong: invalid input, a tool that threw, a mix of good and failing
 * calls in one response. The API rejects a conversation that breaks this; the model must
 * always be able to see what happened to each of its calls.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../../simulator/index.ts";
import { tempWorkspace, type TempWorkspace } from "../temp-workspace.ts";
import { runRounds, type ContractLesson, type ContractOptions, type ToolCall } from "./drive.ts";

interface Block {
  type: string;
  id?: string;
  tool_use_id?: string;
}
interface Body {
  messages: { role: string; content: string | Block[] }[];
}

const blocksOf = (content: string | Block[] | undefined): Block[] => (Array.isArray(content) ? content : []);

/**
 * For every request that follows a response with tool calls: the last message is the user's,
 * it opens with one tool_result per tool_use, same ids, same order, and holds no other result.
 */
export function expectPaired(requests: RecordedRequest[]): void {
  expect(requests.map((r) => r.status)).toEqual(requests.map(() => 200));
  for (const request of requests) {
    const { messages } = request.body as Body;
    const asked = blocksOf(messages.at(-2)?.content).filter((b) => b.type === "tool_use").map((b) => b.id);
    if (messages.at(-2)?.role !== "assistant" || asked.length === 0) continue;
    expect(messages.at(-1)?.role).toBe("user");
    const answered = blocksOf(messages.at(-1)?.content);
    const results = answered.filter((b) => b.type === "tool_result").map((b) => b.tool_use_id);
    expect(results).toEqual(asked);
    // Results first: a text block before a tool_result is a protocol error.
    expect(answered.slice(0, results.length).every((b) => b.type === "tool_result")).toBe(true);
  }
}

export function toolResultPairingContract(lesson: ContractLesson, options: ContractOptions = {}): void {
  describe("contract: every tool_use gets exactly one tool_result, in order", () => {
    let ws: TempWorkspace;
    beforeEach(async () => {
      ws = await tempWorkspace({ "notes.txt": "first\nsecond\n" });
    });
    afterEach(() => ws.cleanup());

    const run = async (rounds: ToolCall[][]) => {
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
      const calls: ToolCall[] = [
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
