/**
 * The comparison's own judgement (`pnpm compare:claude-code`), without either harness: a
 * refusal Claude Code gives only because its safety check cannot run offline is "no verdict",
 * never a match; the corpus is batched by settings (or one case a session with --isolate);
 * and the compaction check finds a re-attached file only outside the results a compaction kept.
 */
import { describe, expect, it } from "vitest";
import { batchesOf, bashJobs, MODES } from "../claude-code/compare/bash-cases.ts";
import type { BashCase } from "../claude-code/compare/bash-corpus.ts";
import { afterSummary, readsIn } from "../claude-code/compare/compaction-case.ts";
import { classify, classifyDisabled, verdict } from "../claude-code/compare/outcome.ts";

const AUTO_MODE = "Auto mode is unavailable: its safety check does not run for this session, so Bash was not run.";

describe("outcomes and verdicts", () => {
  it("Claude Code's offline plan-mode refusal is no verdict, not agreement with the course's refusal", () => {
    expect(classify(AUTO_MODE, false)).toBe("no verdict");
    expect(verdict("refused", classify(AUTO_MODE, false))).toBe("no verdict");
    expect(verdict("refused", "refused")).toBe("match");
  });

  it("a tool the settings take away (deny Agent) with no result, or no such tool, is refused", () => {
    expect(classifyDisabled(undefined, false)).toBe("refused");
    expect(classifyDisabled("Error: No such tool available: Agent", false)).toBe("refused");
    expect(classifyDisabled("CHILD-REPORT", false)).toBe("ran");
    expect(classify(undefined, false)).toBe("no result");
  });

  it("runs plan mode twice: as shipped, and with auto mode kept out of it", () => {
    const variant = MODES.find((m) => m.name === "plan (no auto mode)")!;
    expect(variant.mode).toBe("plan");
    expect(variant.claudeCodeArgs).toEqual(["--settings", '{"useAutoModeDuringPlan":false}']);
  });
});

describe("sessions of the bash corpus", () => {
  const c = (command: string, more: Partial<BashCase> = {}): BashCase => ({ group: "g", command, ...more });
  const corpus = [c("a"), c("b", { settings: {} }), c("c"), c("d", { alone: true }), c("e", { settings: {} })];

  it("never puts cases of different settings in one session", () => {
    expect(batchesOf(corpus, 25).map((b) => b.map((x) => x.command))).toEqual([["a", "c"], ["b", "e"], ["d"]]);
  });

  it("--isolate: one case per session", () => {
    expect(batchesOf(corpus, 1)).toHaveLength(5);
    expect(bashJobs({ quick: false, isolate: true, corpus }).filter((j) => j.label.startsWith("bash default "))).toHaveLength(5);
  });
});

describe("the compaction check", () => {
  const read = (n: number) => `line 0 of big${n}.txt RECALL-MARK-${n}`;
  const result = (n: number) => ({ role: "user", content: [{ type: "tool_result", tool_use_id: `t${n}`, content: read(n) }] });
  const summary = { role: "user", content: "COMPACT-SUMMARY-MARK" };

  it("a kept tool result is not a re-attached file: the summary and the kept results alone fail", () => {
    const next = { messages: [summary, { role: "assistant", content: [{ type: "tool_use", id: "t8", name: "Read", input: { file_path: "big8.txt" } }] }, result(8)] };
    expect(readsIn(next)).toEqual({ kept: [8], reattached: [], named: [] });
    expect(afterSummary(true, next)).toBe("the summary only");
  });

  it("a read's content outside the kept results, in a user or system text, is re-attached", () => {
    const next = { messages: [summary, { role: "system", content: `<recent-file>${read(5)}</recent-file>` }, result(8)] };
    expect(readsIn(next).reattached).toEqual([5]);
    expect(afterSummary(true, next)).toBe("the summary and a read file re-attached");
  });

  it("a file named without its content says so", () => {
    const next = { messages: [summary, { role: "system", content: "Note: /ws/big6.txt was read before … too large to include." }] };
    expect(afterSummary(true, next)).toBe("the summary and a read file named, not its content");
  });
});
