/**
 * The guarantees s04 must keep: the composition contracts (pairing, and denials that still
 * stop the call; the full sweep runs in s03 and s12), against this lesson's agent. Its own
 * guarantee — a bad plan changes nothing and the session goes on — is checked the same way:
 * one response mixing a bad todo_write with good calls still gets one result per call, in order.
 */
import { afterEach, describe, expect, it } from "vitest";
import { expectPaired, runRounds, tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { BYPASS, compositionContracts } from "@learn/s03/testing";
import { lesson } from "../src/index.ts";

compositionContracts(lesson); // what this lesson's parts could break: pairing, and denials that still stop the call

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

describe("contract (s04): a bad plan is an error result, and the calls around it still run", () => {
  it("good plan, bad plan, a read — one result each, in order; the good plan stands", async () => {
    ws = await tempWorkspace({ "notes.txt": "hello\n" });
    const good = { todos: [{ content: "Read the notes", status: "in_progress" }] };
    const bad = { todos: [{ content: "a", status: "in_progress" }, { content: "b", status: "in_progress" }] };
    const { results, requests } = await runRounds(
      lesson,
      ws.dir,
      [[{ name: "todo_write", input: good }, { name: "todo_write", input: bad }, { name: "read_file", input: { path: "notes.txt" } }]],
      BYPASS,
    );
    expectPaired(requests);
    expect(results.map((r) => [r.isError, r.content.split("\n")[0]])).toEqual([
      [false, "The plan is now:"],
      [true, "Invalid input for todo_write: todos: items 1, 2 are all in_progress; at most one item is in progress at a time — mark the others pending or completed"],
      [false, expect.stringContaining("hello")],
    ]);
  });
});
