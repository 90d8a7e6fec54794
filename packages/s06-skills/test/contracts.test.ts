/**
 * The guarantees s06 must keep: the composition contracts (pairing, and denials
 * that still stop the call; the full sweep runs in s03 and s12), run against this lesson's agent — and with load_skill and
 * save_memory calls among the others, every tool_use still gets exactly one result, in order,
 * and every request the agent sends stays within the API's four breakpoints.
 */
import { afterEach, describe, expect, it } from "vitest";
import { expectPaired, runRounds, tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { BYPASS, compositionContracts } from "@learn/s03/testing";
import { lesson } from "../src/index.ts";
import { breakpointsOf, type Body } from "./helpers.ts";

compositionContracts(lesson); // what this lesson's parts could break: pairing, and denials that still stop the call

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

describe("contract (s06): load_skill and save_memory among other calls still get exactly one result each, in order", () => {
  it("a skill, an unknown skill, a file outside a skill, a memory, an invalid memory, bash", async () => {
    ws = await tempWorkspace({ "notes.txt": "hello\n" });
    const { results, requests } = await runRounds(
      lesson,
      ws.dir,
      [
        [
          { name: "load_skill", input: { name: "write-a-test" } },
          { name: "load_skill", input: { name: "write-a-tset" } },
          { name: "load_skill", input: { name: "write-a-test", file: "../../package.json" } },
          { name: "save_memory", input: { name: "greeting", type: "project", description: "What notes.txt says", content: "hello" } },
          { name: "save_memory", input: { name: "bad", type: "opinion", description: "x", content: "x" } },
          { name: "bash", input: { command: "echo fine" } },
        ],
      ],
      BYPASS,
    );
    expectPaired(requests);
    expect(results.map((r) => [r.isError, r.content.split("\n")[0]])).toEqual([
      [false, '<skill name="write-a-test">'],
      [true, 'Error: unknown skill "write-a-tset". Did you mean "write-a-test"? Available skills: code-review, commit-message, write-a-test.'],
      [true, expect.stringMatching(/^Error: "\.\.\/\.\.\/package\.json" is not a file of the skill "write-a-test"/)],
      [false, "Saved memory greeting to .memory/greeting.md (index: 1 memory)"],
      [true, expect.stringMatching(/^Invalid input for save_memory: type: /)],
      [false, "fine"],
    ]);
    for (const r of requests) expect(breakpointsOf(r.body as Body).length).toBeLessThanOrEqual(4);
  });
});
