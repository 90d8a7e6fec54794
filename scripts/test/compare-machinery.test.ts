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
import { ANSWER_CASES, outcome } from "../claude-code/compare/hook-answer-cases.ts";
import { commandRequest } from "../claude-code/compare/mechanism-cases.ts";
import { classify, classifyDisabled, verdict } from "../claude-code/compare/outcome.ts";
import type { SessionOutput } from "../claude-code/compare/session.ts";

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

describe("hook answers and custom commands", () => {
  const session = (over: { requests?: number; child?: number; text?: string; changed?: boolean }) =>
    ({
      calls: [{ text: over.text, isError: false, changed: over.changed ?? false }],
      result: { requests: Array.from({ length: over.requests ?? 2 }, () => ({ body: {} })), childRequests: Array.from({ length: over.child ?? 0 }, () => ({ body: {} })) },
      inspected: {},
    }) as unknown as SessionOutput;

  it("covers every answer form, the Agent matcher and a deny of Agent", () => {
    const labels = ANSWER_CASES.map((c) => c.label).join("\n");
    for (const form of ['UserPromptSubmit {"decision":"block"', 'PreToolUse legacy {"decision":"block"', '{"decision":"approve"}', 'PreToolUse {"continue":false', 'PostToolUse {"decision":"block"', 'PostToolUse {"continue":false', "PostToolUse hookSpecificOutput.additionalContext", "PreToolUse hookSpecificOutput.additionalContext", 'Stop {"decision":"block"', "systemMessage", "suppressOutput", "SessionStart", 'matcher "Agent"', 'permissions.deny: ["Agent"]']) {
      expect(labels).toContain(form);
    }
  });

  it("ranks a subagent that ran as ran, and a denied Agent with no result as refused", () => {
    const deny = ANSWER_CASES.find((c) => c.ranked === "agent-disabled")!;
    expect(outcome(deny, session({ child: 1, text: "CHILD-REPORT-42" }))).toBe("ran");
    expect(outcome(deny, session({ text: undefined }))).toBe("refused");
    const block = ANSWER_CASES.find((c) => c.label.startsWith("UserPromptSubmit {\"decision\":\"block\""))!;
    expect(outcome(block, session({ requests: 0 }))).toBe("refused");
    expect(outcome(block, session({ changed: true, text: "" }))).toBe("ran");
  });

  it("compares a custom command's whole request: the wrapper and the arguments, not the body alone", () => {
    const body = "Say CMD-MARK for [alpha beta] first=[beta].";
    const claudeCode = { messages: [{ role: "user", content: [{ type: "text", text: "<system-reminder>CLAUDE.md</system-reminder>" }, { type: "text", text: "<command-message>compare-args</command-message>\n<command-name>/compare-args</command-name>\n<command-args>alpha beta</command-args>" }, { type: "text", text: body }] }] };
    const course = { messages: [{ role: "user", content: body }] };
    expect(commandRequest(claudeCode)).toBe(`wrapped in <command-message>, <command-name>, <command-args>; args "alpha beta"; ${body}`);
    expect(commandRequest(course)).toBe(`no wrapper; ${body}`);
  });
});
