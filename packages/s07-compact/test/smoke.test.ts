/**
 * The s07 demo, end to end: the real SDK, the simulator, the real tools, in a fresh copy of
 * the practice workspace, with the lesson's demo flags (a threshold of 5,600 tokens). What
 * matters: the session was compacted twice — once over the threshold, once because the model
 * asked — each time after saving the whole history to a transcript, each time with the plan
 * re-attached; an overloaded API was waited out; and the work itself got done.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkConversation, type MessageParam } from "@learn/core";
import { loadScript, type Script } from "@learn/core/simulator";
import { scriptedAgent, toolResultsOf, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { COMPACT_TOOL_RESULT, TRANSCRIPTS_DIR } from "../src/compaction/index.ts";
import { bodyOf, breakpointsOf, isSummaryRequest, never, responseOf, textOfMessage } from "./helpers.ts";

const ws = useTempWorkspace();

/** The demo's one prompt, on the lesson's agent with its demo flags. */
async function runDemo(dir: string) {
  const script = await loadScript(lesson.demoScripts[0]!);
  const scripted = await scriptedAgent(lesson, script, dir, { flags: { ...lesson.demoFlags } });
  const answer = await scripted.agent.run((script as Script & { prompt: string }).prompt, never());
  return { ...scripted, answer };
}

/** A message as the conversation held it: without the breakpoints a wrapper adds to the request's copy. */
function withoutBreakpoints(message: MessageParam): unknown {
  return JSON.parse(JSON.stringify(message, (key, value: unknown) => (key === "cache_control" ? undefined : value)));
}

async function transcripts(dir: string): Promise<unknown[][]> {
  const names = (await readdir(path.join(dir, TRANSCRIPTS_DIR))).sort();
  return Promise.all(
    names.map(async (name) => (await readFile(path.join(dir, TRANSCRIPTS_DIR, name), "utf8")).trimEnd().split("\n").map((line) => JSON.parse(line) as unknown)),
  );
}

describe("s07 demo", () => {
  it("compacts twice, retries the overloaded call, keeps the plan, fixes the cart and reports", async () => {
    const { simulator, renderer, answer } = await runDemo(ws.dir);
    const requests = simulator.requests;
    expect(renderer.ofKind("error")).toEqual([]);
    expect(simulator.remaining()).toBe(0);
    expect(requests.map((r) => r.status)).toEqual([200, 200, 529, 200, 200, 200, 200, 200, 200, 200]);

    // The 529 was retried: the same request went out twice, and the user was told.
    expect(requests[3]!.body).toEqual(requests[2]!.body);
    const notices = renderer.ofKind("notice").map((n) => n.text);
    expect(notices).toContain("Overloaded (529); retrying in 1.0 s (attempt 2 of 8)");

    // Two summary requests: the agent's own system prompt and tools, the request as the last user text.
    const summaries = requests.flatMap((r, i) => (isSummaryRequest(r) ? [i] : []));
    expect(summaries).toEqual([4, 8]);
    for (const i of summaries) {
      const body = bodyOf(requests[i]!);
      expect(body.tools).toEqual(bodyOf(requests[i - 1]!).tools);
      expect(body.system).toEqual(bodyOf(requests[i - 1]!).system);
      expect(textOfMessage(body.messages.at(-1))).toContain("Summarise the conversation so far");
      expect(checkConversation(body.messages)).toBeUndefined();
    }
    expect(textOfMessage(bodyOf(requests[8]!).messages.at(-1))).toContain("Pay particular attention to: the fix and the test results");
    const compacted = notices.filter((n) => n.startsWith("Compacted the conversation: ~"));
    expect(compacted).toHaveLength(2);
    for (const n of compacted) expect(n).toMatch(/^Compacted the conversation: ~[\d,]+ → ~[\d,]+ tokens; the full history is in \.transcripts\/[\w-]+\.jsonl\.$/);

    // Each transcript holds the whole history as it was, one message per line.
    const [first, second] = await transcripts(ws.dir);
    expect(await readdir(path.join(ws.dir, TRANSCRIPTS_DIR))).toHaveLength(2);
    expect(first).toHaveLength(7);
    expect(first!.slice(0, 5)).toEqual(bodyOf(requests[3]!).messages.map(withoutBreakpoints));
    expect(JSON.stringify(first![5])).toContain('"name":"bash"');
    expect(JSON.stringify(first![6])).toContain("fail 2");
    expect(second).toHaveLength(9);
    expect(JSON.stringify(second![0])).toMatch(/^\{"role":"user","content":\[\{"type":"text","text":"<summary>\\n1\. Goal/);
    expect(JSON.stringify(second!.at(-1))).toContain(COMPACT_TOOL_RESULT);
    // The model was told where: the summary message names the transcript.
    const [firstFile, secondFile] = (await readdir(path.join(ws.dir, TRANSCRIPTS_DIR))).sort();
    expect(textOfMessage(bodyOf(requests[5]!).messages[0])).toContain(`all of it is saved in ${TRANSCRIPTS_DIR}/${firstFile}`);
    expect(textOfMessage(bodyOf(requests[9]!).messages[0])).toContain(`all of it is saved in ${TRANSCRIPTS_DIR}/${secondFile}`);

    // After each compaction: the summary, the plan re-attached, the pending tail; a valid conversation.
    for (const i of [5, 9]) {
      const body = bodyOf(requests[i]!);
      expect(body.messages.length, `request ${i}`).toBeLessThanOrEqual(3);
      expect(checkConversation(body.messages), `request ${i}`).toBeUndefined();
      const head = textOfMessage(body.messages[0]);
      expect(head).toContain("<summary>");
      expect(head).toContain("<plan>\\nThe plan you were following (todo_write):");
      expect(breakpointsOf(body).length).toBeLessThanOrEqual(4);
    }
    expect(textOfMessage(bodyOf(requests[5]!).messages[0])).toContain("[>] Run the tests");
    expect(textOfMessage(bodyOf(requests[9]!).messages[0])).toContain("[x] Run the tests again");
    // Before the first compaction the plan was not in the first message: it came back with the summary.
    expect(textOfMessage(bodyOf(requests[3]!).messages[0])).not.toContain("<plan>");

    // The work: cart.js fixed, the last test run passes all four.
    expect(await readFile(path.join(ws.dir, "shop/src/cart.js"), "utf8")).toContain("sum + lineTotal(line)");
    // The test runs' results, once each (a summary request carries the last results too).
    const runs = new Map(requests.flatMap((r) => toolResultsOf(r.body)).filter((t) => /^ℹ tests \d+$/m.test(t.content)).map((t) => [t.id, t]));
    const bashResults = [...runs.values()];
    expect(bashResults).toHaveLength(2);
    expect(bashResults[0]!.content).toMatch(/^ℹ fail 2$/m);
    expect(bashResults.at(-1)!.content).toMatch(/^ℹ pass 4$/m);
    expect(bashResults.at(-1)!.content).toMatch(/^ℹ fail 0$/m);
    expect(answer).toMatch(/^Done\. cartTotal in shop\/src\/cart\.js subtracted each line/);
    expect(responseOf(requests[9]!).stop_reason).toBe("end_turn");
  });

  it("every request the agent sent is a conversation the API accepts, with at most four breakpoints", async () => {
    const { simulator } = await runDemo(ws.dir);
    for (const [i, r] of simulator.requests.entries()) {
      expect(checkConversation(bodyOf(r).messages), `request ${i}`).toBeUndefined();
      expect(breakpointsOf(bodyOf(r)).length, `request ${i}`).toBeLessThanOrEqual(4);
    }
  });
});
