/**
 * The guarantees s05 must keep: the composition contracts (pairing, and denials
 * that still stop the call; the full sweep runs in s03 and s12), run against this lesson's agent — and with a `task` call
 * among the others, every tool_use still gets exactly one result, in order.
 */
import { afterEach, describe, expect, it } from "vitest";
import { expectPaired, runRounds, tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { BYPASS, compositionContracts } from "@learn/s03/testing";
import { lesson } from "../src/index.ts";

compositionContracts(lesson); // what this lesson's parts could break: pairing, and denials that still stop the call

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

describe("contract (s05): a task call among other calls still gets exactly one result, in order", () => {
  it("read, an unknown type, invalid task input, bash", async () => {
    ws = await tempWorkspace({ "notes.txt": "hello\n" });
    const { results, requests } = await runRounds(
      lesson,
      ws.dir,
      [
        [
          { name: "read_file", input: { path: "notes.txt" } },
          { name: "task", input: { description: "x", prompt: "y", subagent_type: "nobody" } },
          { name: "task", input: { description: "x" } },
          { name: "bash", input: { command: "echo fine" } },
        ],
      ],
      BYPASS,
    );
    expectPaired(requests);
    expect(results.map((r) => [r.isError, r.content.split("\n")[0]])).toEqual([
      [false, expect.stringContaining("hello")],
      [true, 'Error: unknown subagent_type "nobody". Known agent types: general-purpose, explore.'],
      [true, expect.stringMatching(/^Invalid input for task: prompt: /)],
      [false, "fine"],
    ]);
  });
});
