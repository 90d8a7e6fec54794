/**
 * The s09 demos, end to end: the real SDK, the simulator, the real tools and real processes, in
 * a fresh copy of the practice workspace, run as `pnpm --filter s09 demo` runs them (until the
 * agent is idle).
 *
 * 1. A slow suite in the background: background_run answers at once, the agent works on and
 *    ends its turn; the job's failure wakes it with a turn of its own whose request carries
 *    `<background-results>`; it fixes the cart, runs the suite again, and that result wakes it too.
 * 2. A one-shot job of this session: nothing written to .claude/, fired once (the clock 60× faster,
 *    as offline), its prompt run as a turn of its own, the job deleted.
 */
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkConversation } from "@learn/core";
import { toolResultsOf, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { RESULTS_TAG, WAKE_PROMPT } from "../src/notifications/index.ts";
import { bodyOf, lastMessage, runDemo as runDemoIn, textOfMessage } from "./helpers.ts";

const ws = useTempWorkspace();

const runDemo = (index: number) => runDemoIn(lesson, index, ws.dir);

describe("s09 demo 1: a slow test run in the background", () => {
  it("answers at once, works on, is woken by each result, and fixes what the suite found", async () => {
    const { simulator, renderer, turns, asked } = await runDemo(0);
    expect(renderer.ofKind("error")).toEqual([]);
    expect(asked).toEqual([]); // `Bash(node --test *)` allows both runs; nothing needed a question
    expect(simulator.remaining()).toBe(0);
    expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
    for (const r of simulator.requests) expect(checkConversation(bodyOf(r).messages)).toBeUndefined();

    // Three turns: the prompt, then one woken by each job.
    expect(turns.map((t) => [t.source, t.prompt === WAKE_PROMPT])).toEqual([
      [undefined, false],
      ["background job job-1", true],
      ["background job job-2", true],
    ]);
    expect(turns.at(-1)!.answer).toMatch(/^job-2: all three checkout tests pass/);

    const requests = simulator.requests;
    // background_run answered at once: the next request has its result and no job result yet.
    expect(textOfMessage(lastMessage(requests[1]!))).toContain("Started job-1 in the background");
    for (const r of requests.slice(0, 3)) expect(JSON.stringify(bodyOf(r).messages)).not.toContain(`"text":"<${RESULTS_TAG}>`);

    // The wake turn: one user message, the wake prompt then the results block.
    const woken = lastMessage(requests[3]!);
    expect(woken.role).toBe("user");
    const blocks = woken.content as { type: string; text: string }[];
    expect(blocks.map((b) => b.type)).toEqual(["text", "text"]);
    expect(blocks[0]!.text).toBe(WAKE_PROMPT);
    expect(blocks[1]!.text).toMatch(new RegExp(`^<${RESULTS_TAG}>\\njob-1 failed \\(exit 1 after \\d+\\.\\ds\\): node --test shop/integration/checkout.js\\n`));
    expect(blocks[1]!.text).toContain("the gateway refused to charge -150 cents");
    expect(blocks[1]!.text).toContain("Full log: .runtime-tasks/job-1.log");
    expect(blocks[1]!.text.endsWith(`</${RESULTS_TAG}>`)).toBe(true);

    // The second round: the fix, the unit tests in the foreground, the suite again in the background.
    const round = toolResultsOf(requests[5]!.body);
    expect(round.map((r) => r.isError)).toEqual([false, false]);
    expect(round[0]!.content).toContain("Started job-2 in the background");
    expect(round[1]!.content).toContain("# pass 4");
    expect(textOfMessage(lastMessage(requests[6]!))).toMatch(/job-2 completed \(exit 0 after \d+\.\ds\)/);

    // The effects on disk: the fix, and both logs, each ending with its exit line.
    expect(await readFile(path.join(ws.dir, "shop/src/cart.js"), "utf8")).toContain("sum + lineTotal(line)");
    const log1 = await readFile(path.join(ws.dir, ".runtime-tasks/job-1.log"), "utf8");
    const log2 = await readFile(path.join(ws.dir, ".runtime-tasks/job-2.log"), "utf8");
    expect(log1).toContain("not ok 1 - one item is charged its price");
    expect(log2).toContain("# pass 3");
    // On screen: each job's end, and who started each turn the user did not type.
    const notices = renderer.ofKind("notice").map((n) => n.text);
    expect(notices.filter((n) => n.startsWith("Background job-"))).toEqual([
      expect.stringMatching(/^Background job-1 · failed · exit 1 after/),
      expect.stringMatching(/^Background job-2 · completed · exit 0 after/),
    ]);
  });
});

describe("s09 demo 2: a one-shot job", () => {
  it("is kept for this session, fires once as a turn of its own, and is deleted; nothing is written to .claude/", async () => {
    const { simulator, renderer, turns, asked } = await runDemo(1);
    expect(renderer.ofKind("error")).toEqual([]);
    expect(asked).toEqual([]);
    expect(simulator.remaining()).toBe(0);
    expect(turns.map((t) => t.source)).toEqual([undefined, "cron job session-1"]);
    expect(turns[1]!.prompt).toBe("Run the shop's unit tests (node --test shop/test/*.test.js) and report in one line how they did.");
    expect(turns[1]!.answer).toMatch(/^2 of 4 shop tests pass/);

    const created = toolResultsOf(simulator.requests[1]!.body)[0]!;
    expect(created.isError).toBe(false);
    expect(created.content).toMatch(/^Scheduled session-1: "\* \* \* \* \*", once \(it is deleted after it fires\), for this session only;/);
    await expect(access(path.join(ws.dir, ".claude/scheduled_tasks.json"))).rejects.toThrow();
    expect(renderer.ofKind("notice").map((n) => n.text)).toContain(
      "A turn started by cron job session-1: Run the shop's unit tests (node --test shop/test/*.test.js) and report in one line how they did.",
    );
  });
});
