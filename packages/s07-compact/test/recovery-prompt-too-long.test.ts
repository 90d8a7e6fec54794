/**
 * "prompt is too long": the simulator refuses a prompt larger than the script's
 * `limits.contextTokens` with the real API's 400. The wrapper compacts the conversation
 * itself (keepRecent, then shrinkResults, by default), retries once, and lets a second refusal through.
 */
import { checkConversation, isPromptTooLong, type MessageParam } from "@learn/core";
import { describe, expect, it } from "vitest";
import { DROPPED_NOTE, keepRecent, shrinkResults } from "../src/recovery/index.ts";
import { bodyOf, bulkyTool, recoveringKernel } from "./recovery-helpers.ts";

const signal = () => new AbortController().signal;
const statuses = (sim: { requests: { status: number }[] }) => sim.requests.map((r) => r.status);

/** Four probe rounds, then an answer: each result is ~400 tokens, so the fifth request is too long. */
const GROWING = `
limits: { contextTokens: 1800 }
turns:
  - content: [ { type: tool_use, name: probe, input: { n: 1 } } ]
  - content: [ { type: tool_use, name: probe, input: { n: 2 } } ]
  - content: [ { type: tool_use, name: probe, input: { n: 3 } } ]
  - content: [ { type: tool_use, name: probe, input: { n: 4 } } ]
  - content: [ { type: text, text: "done" } ]
`;

describe("prompt is too long", () => {
  it("compacts the conversation itself harder, tells the user the sizes, and the retry succeeds", async () => {
    const { kernel, simulator, notices } = recoveringKernel(GROWING, { tools: [bulkyTool(1600)] });
    expect(await kernel.run("Find the bug in parser.ts", signal())).toBe("done");
    expect(statuses(simulator)).toEqual([200, 200, 200, 200, 400, 200]);
    expect(simulator.requests[4]!.response).toMatchObject({ error: { message: expect.stringMatching(/^prompt is too long/) } });
    expect(notices()).toEqual([
      expect.stringMatching(/^The prompt was too long for the model; compacted harder: 9 messages, ~\d[\d,]* tokens → 7 messages, ~\d[\d,]* tokens\. Retrying once\.$/),
    ]);
    // The retry sent the compacted conversation, and the kernel kept it (plus the answer).
    const retried = bodyOf(simulator.requests[5]!).messages;
    expect(retried).toHaveLength(7);
    expect(kernel.messages).toHaveLength(8);
    expect(kernel.messages.slice(0, 7)).toEqual(retried);
    expect(checkConversation(kernel.messages, { lastRole: "any" })).toBeUndefined();
    expect(kernel.messages[0]).toEqual({ role: "user", content: [{ type: "text", text: `${DROPPED_NOTE}\nFind the bug in parser.ts` }] });
    expect(JSON.stringify(kernel.messages)).not.toContain("result 1:"); // the oldest result is gone
    expect(JSON.stringify(kernel.messages)).toContain("result 4:");
  });

  it("a given compactHarder is used instead of keepRecent", async () => {
    const seen: number[] = [];
    const compactHarder = (messages: MessageParam[]) => {
      seen.push(messages.length);
      return keepRecent(messages, 2);
    };
    const { kernel } = recoveringKernel(GROWING, { tools: [bulkyTool(1600)], compactHarder });
    expect(await kernel.run("go", signal())).toBe("done");
    expect(seen).toEqual([9]);
    expect(kernel.messages).toHaveLength(4); // goal, the last probe and its result, the answer
    expect(checkConversation(kernel.messages, { lastRole: "any" })).toBeUndefined();
  });

  it("a second 'too long' is thrown as it is", async () => {
    // Shrinks the long first prompt only: smaller, but the tool results alone are still too much.
    const shortenGoal = (messages: MessageParam[]): MessageParam[] => [{ role: "user", content: "go" }, ...messages.slice(1)];
    const { kernel, simulator, notices } = recoveringKernel(GROWING.replace("1800", "1300"), { tools: [bulkyTool(1600)], compactHarder: shortenGoal });
    const err = await kernel.run(`go ${"w".repeat(800)}`, signal()).catch((e: unknown) => e);
    expect(isPromptTooLong(err)).toBe(true);
    expect(statuses(simulator)).toEqual([200, 200, 200, 400, 400]);
    expect(notices()).toHaveLength(1);
  });

  it("when nothing can be dropped, the refusal is thrown at once", async () => {
    const { kernel, simulator, notices } = recoveringKernel(`
limits: { contextTokens: 50 }
turns: [ { content: [ { type: text, text: "never" } ] } ]
`);
    const err = await kernel.run(`Read this: ${"z".repeat(1000)}`, signal()).catch((e: unknown) => e);
    expect(isPromptTooLong(err)).toBe(true);
    expect(statuses(simulator)).toEqual([400]);
    expect(notices()).toEqual([]);
    expect(kernel.messages).toEqual([]); // the refused prompt was rolled back
  });
});

describe("keepRecent", () => {
  const use = (id: string): MessageParam => ({ role: "assistant", content: [{ type: "tool_use", id, name: "probe", input: {} }] });
  const result = (id: string): MessageParam => ({ role: "user", content: [{ type: "tool_result", tool_use_id: id, content: "ok" }] });
  const long: MessageParam[] = [
    { role: "user", content: "the goal" },
    use("a"), result("a"), use("b"), result("b"), use("c"), result("c"), use("d"), result("d"),
  ];

  it("keeps the goal and a tail that starts at an assistant message: pairs intact, roles alternate", () => {
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const kept = keepRecent(long, n);
      expect(checkConversation(kept)).toBeUndefined();
      expect(kept.at(-1)).toBe(long.at(-1));
      expect(kept.length).toBeLessThan(long.length);
    }
    expect(keepRecent(long, 3)).toEqual([
      { role: "user", content: [{ type: "text", text: `${DROPPED_NOTE}\nthe goal` }] },
      use("c"), result("c"), use("d"), result("d"),
    ]);
  });

  it("a conversation with nothing to drop comes back as it is (a copy)", () => {
    const short = long.slice(0, 3);
    expect(keepRecent(short, 6)).toEqual(short);
    expect(keepRecent(short, 6)).not.toBe(short);
  });

  it("compacting twice does not stack the notes", () => {
    const twice = keepRecent([...keepRecent(long, 3), ...long.slice(1, 5)].slice(0, 5), 2);
    expect(JSON.stringify(twice).split("Earlier messages were dropped")).toHaveLength(2);
    expect(JSON.stringify(twice)).toContain("the goal");
  });
});

describe("shrinkResults", () => {
  it("cuts each tool result over the limit to its head and a note; the rest is untouched", () => {
    const messages: MessageParam[] = [
      { role: "user", content: "go" },
      { role: "assistant", content: [{ type: "tool_use", id: "a", name: "bash", input: {} }, { type: "tool_use", id: "b", name: "bash", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "a", content: "x".repeat(50) }, { type: "tool_result", tool_use_id: "b", content: "y".repeat(5_000), is_error: true }] },
    ];
    const shrunk = shrinkResults(messages, 100);
    expect(shrunk.slice(0, 2)).toEqual(messages.slice(0, 2));
    const [a, b] = shrunk[2]!.content as { content: string; is_error?: boolean }[];
    expect(a!.content).toBe("x".repeat(50));
    expect(b).toMatchObject({ is_error: true, content: `${"y".repeat(100)}\n…[cut from 5000 characters to fit the context window; re-run it more narrowly if you need the rest]` });
  });
});
