/**
 * The summary request as Claude Code sends it, through the lesson's agent and `/compact`: it asks
 * for max_tokens 128,000 (once more within the model's limit when that is refused); its cache
 * breakpoint sits before the summary instruction, never on it; and of the answer only the
 * <summary> is carried forward, the model's <analysis> draft dropped.
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scriptedAgent, type TempWorkspace } from "@learn/core/testing";
import { workspaceWith } from "@learn/s03/testing";
import { lesson } from "../src/index.ts";
import { SUMMARY_MAX_TOKENS } from "../src/compaction/index.ts";
import { bodyOf, breakpointsOf, isSummaryRequest, textOfMessage } from "./helpers.ts";

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });
const ANSWER = "<analysis>DRAFT-THINKING about the greeting</analysis>\n<summary>\nKEPT-SUMMARY: the user said hi.\n</summary>";
const summaryTurn = { expect: { lastUserIncludes: "Summarise the conversation so far" }, ...text(ANSWER) };

/** One turn, `/compact`, one more turn: the requests as the simulator saw them. */
async function compactBetweenTurns(limits?: { outputTokens: number }) {
  ws = await workspaceWith(undefined);
  const turns = [text("Hi."), summaryTurn, text("Still here.")];
  const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ ...(limits ? { limits } : {}), turns }), ws.dir, { userDir: path.join(ws.dir, "no-user-folder") });
  await agent.run("Say hi.", new AbortController().signal);
  await agent.commands!.find((c) => c.name === "compact")!.run("");
  await agent.run("Are you there?", new AbortController().signal);
  return simulator.requests;
}

describe("the summary request", () => {
  it("asks for 128,000 output tokens, with the rolling breakpoint before the instruction; only the <summary> is carried forward", async () => {
    const requests = await compactBetweenTurns();
    expect(requests.map((r) => r.status)).toEqual([200, 200, 200]);
    const summary = bodyOf(requests[1]!);
    expect(isSummaryRequest(requests[1]!)).toBe(true);
    expect(summary.max_tokens).toBe(SUMMARY_MAX_TOKENS);
    expect(SUMMARY_MAX_TOKENS).toBe(128_000);
    // The instruction is the last block; the breakpoint is on the block before it (the lead's "Hi.").
    const last = summary.messages.length - 1;
    const marks = breakpointsOf(summary).filter((m) => m.startsWith("messages."));
    expect(marks).toEqual([`messages.${last - 1}.0`]);
    expect(textOfMessage(summary.messages[last - 1])).toContain("Hi.");

    const after = bodyOf(requests[2]!);
    expect(after.max_tokens).not.toBe(SUMMARY_MAX_TOKENS); // the agent's own budget again
    const carried = textOfMessage(after.messages[0]);
    expect(carried).toContain("KEPT-SUMMARY: the user said hi.");
    expect(carried).not.toContain("DRAFT-THINKING");
    expect(carried).not.toContain("<analysis>");
  });

  it("a model whose output limit is lower refuses 128,000: the summary is asked again within the limit the error names", async () => {
    const requests = await compactBetweenTurns({ outputTokens: 32_000 });
    expect(requests.map((r) => [r.status, bodyOf(r).max_tokens])).toEqual([
      [200, 8000],
      [400, 128_000],
      [200, 32_000],
      [200, 8000],
    ]);
    expect(textOfMessage(bodyOf(requests[3]!).messages[0])).toContain("KEPT-SUMMARY");
  });
});
