/**
 * Every answer a command hook can give (Claude Code's hooks documentation; the course's
 * packages/s03-hooks/test/hook-answers.test.ts), one session per answer through both harnesses:
 * the scripted model makes one call (`touch canary/ran.txt`, or a subagent), then answers. Each
 * row says what happened in words both are compared by: did the model get the prompt, did the
 * call run, did the hook's words reach the model, was the model called after the call. Where
 * the question is whether work ran (a block, an approve, `Agent`), the outcome is ranked too,
 * so a course that ignores a block shows as "looser".
 */
import type { Job } from "./bash-cases.ts";
import { both, described } from "./mechanism-rows.ts";
import { classify, classifyDisabled, verdict, type Outcome } from "./outcome.ts";
import type { HarnessRun, Mode } from "./run-harness.ts";
import type { CallSpec, SessionOutput, SessionSpec } from "./session.ts";
import type { Row } from "./table.ts";

const RAN = "canary/ran.txt";
const TOUCH: CallSpec = { step: { tool: "bash", command: `touch ${RAN}` }, watch: [RAN] };
const SCOUT = "---\nname: quick-scout\ndescription: Looks around quickly.\n---\nQUICK-SCOUT-MARK: you look around and report in one line.\n";
const AGENT: CallSpec = { step: { tool: "agent", prompt: "Look at the shop and report in one line.", type: "quick-scout" } };

/** A hook that reads its event, then prints `output` as its JSON answer. */
const answering = (output: unknown) => `cat > /dev/null\ncat <<'JSON'\n${JSON.stringify(output)}\nJSON\n`;

export interface AnswerCase {
  event: string;
  label: string;
  /** The hook script's body (sh). */
  hook: string;
  /** The hook's words that may or may not reach the model. */
  mark?: string;
  matcher?: string;
  mode?: Mode;
  /** The call the model makes (a touch unless said). */
  call?: CallSpec;
  /** Settings beside the hook (a deny rule). */
  permissions?: object;
  /** Rank the call's outcome (ran < asked < refused): the question is whether work ran. */
  ranked?: "call" | "agent" | "agent-disabled";
}

export const ANSWER_CASES: AnswerCase[] = [
  { event: "UserPromptSubmit", label: 'UserPromptSubmit {"decision":"block","reason"}', hook: answering({ decision: "block", reason: "PROMPT-BLOCK-MARK" }), mark: "PROMPT-BLOCK-MARK", ranked: "call" },
  { event: "PreToolUse", label: 'PreToolUse legacy {"decision":"block","reason"}', hook: answering({ decision: "block", reason: "LEGACY-BLOCK-MARK" }), mark: "LEGACY-BLOCK-MARK", matcher: "Bash", ranked: "call" },
  { event: "PreToolUse", label: 'PreToolUse legacy {"decision":"approve"} (default mode, no rule)', hook: answering({ decision: "approve", reason: "fine" }), matcher: "Bash", mode: "default", ranked: "call" },
  { event: "PreToolUse", label: "PreToolUse hookSpecificOutput.additionalContext", hook: answering({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "PRE-CONTEXT-MARK" } }), mark: "PRE-CONTEXT-MARK", matcher: "Bash" },
  { event: "PreToolUse", label: 'PreToolUse {"continue":false,"stopReason"}', hook: answering({ continue: false, stopReason: "PRE-STOP-MARK" }), mark: "PRE-STOP-MARK", matcher: "Bash", ranked: "call" },
  { event: "PostToolUse", label: 'PostToolUse {"decision":"block","reason"}', hook: answering({ decision: "block", reason: "POST-BLOCK-MARK" }), mark: "POST-BLOCK-MARK", matcher: "Bash" },
  { event: "PostToolUse", label: 'PostToolUse {"continue":false,"stopReason"}', hook: answering({ continue: false, stopReason: "POST-STOP-MARK" }), mark: "POST-STOP-MARK", matcher: "Bash" },
  { event: "PostToolUse", label: "PostToolUse hookSpecificOutput.additionalContext", hook: answering({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "POST-CONTEXT-MARK" } }), mark: "POST-CONTEXT-MARK", matcher: "Bash" },
  { event: "PostToolUse", label: "PostToolUse systemMessage (for the user, not the model)", hook: answering({ systemMessage: "SYSTEM-MESSAGE-MARK" }), mark: "SYSTEM-MESSAGE-MARK", matcher: "Bash" },
  { event: "PostToolUse", label: "PostToolUse suppressOutput", hook: answering({ suppressOutput: true }), matcher: "Bash" },
  { event: "PostToolUse", label: 'PostToolUse a decision it does not know ("maybe")', hook: answering({ decision: "maybe" }), matcher: "Bash" },
  { event: "Stop", label: 'Stop {"decision":"block","reason"} (once: stop_hook_active)', hook: `if grep -Eq '"stop_hook_active": ?true'; then exit 0; fi\necho '{"decision":"block","reason":"STOP-BLOCK-MARK"}'\n`, mark: "STOP-BLOCK-MARK" },
  { event: "Stop", label: 'Stop {"continue":false} beside a block', hook: answering({ continue: false, stopReason: "enough", decision: "block", reason: "STOP-KEEP-MARK" }), mark: "STOP-KEEP-MARK" },
  { event: "UserPromptSubmit", label: "UserPromptSubmit hookSpecificOutput.additionalContext", hook: answering({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "PROMPT-CONTEXT-MARK" } }), mark: "PROMPT-CONTEXT-MARK" },
  { event: "UserPromptSubmit", label: "UserPromptSubmit plain stdout", hook: "cat > /dev/null\necho PROMPT-STDOUT-MARK\n", mark: "PROMPT-STDOUT-MARK" },
  { event: "UserPromptSubmit", label: 'UserPromptSubmit {"continue":false,"stopReason"}', hook: answering({ continue: false, stopReason: "closed" }), ranked: "call" },
  { event: "SessionStart", label: "SessionStart hookSpecificOutput.additionalContext", hook: answering({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "START-CONTEXT-MARK" } }), mark: "START-CONTEXT-MARK" },
  { event: "PreToolUse", label: 'matcher "Agent", exit 2', hook: "cat > /dev/null\necho 'AGENT-BLOCK-MARK: no subagents' >&2\nexit 2\n", mark: "AGENT-BLOCK-MARK", matcher: "Agent", call: AGENT, ranked: "agent" },
  { event: "PreToolUse", label: 'matcher "Task" (the older name), exit 2', hook: "cat > /dev/null\necho 'TASK-BLOCK-MARK: no subagents' >&2\nexit 2\n", mark: "TASK-BLOCK-MARK", matcher: "Task", call: AGENT, ranked: "agent" },
  { event: "", label: 'permissions.deny: ["Agent"], no hook', hook: "", permissions: { deny: ["Agent"] }, call: AGENT, ranked: "agent-disabled" },
];

export function hookAnswerJobs(): Job[] {
  return ANSWER_CASES.map((c) => ({ label: `hook answer: ${c.label}`, run: (course, claudeCode) => answerCase(c, course, claudeCode) }));
}

async function answerCase(c: AnswerCase, course: HarnessRun, claudeCode: HarnessRun): Promise<Row[]> {
  const hooks = c.event === "" ? {} : { hooks: { [c.event]: [{ ...(c.matcher ? { matcher: c.matcher } : {}), hooks: [{ type: "command", command: "sh .claude/hooks/answer.sh", timeout: 10 }] }] } };
  const call = c.call ?? TOUCH;
  const spec: SessionSpec = {
    mode: c.mode ?? "bypassPermissions",
    settings: { ...(c.permissions ? { permissions: c.permissions } : {}), ...hooks },
    files: { ".claude/hooks/answer.sh": c.hook, ".claude/agents/quick-scout.md": SCOUT, "canary/": "" },
    calls: [call],
    child: { marker: "QUICK-SCOUT-MARK", turns: [{ content: [{ type: "text", text: "CHILD-REPORT-42" }] }] },
  };
  const [ours, theirs] = await both(course, claudeCode, spec);
  const a = happened(c, ours);
  const b = happened(c, theirs);
  const ranked = c.ranked ? verdict(outcome(c, ours), outcome(c, theirs)) : undefined;
  return [{ ...described("hook answers", c.event || "permissions", c.label, a, b, ranked, spec.mode), courseSaid: ours.calls[0]?.text?.slice(0, 200), claudeCodeSaid: theirs.calls[0]?.text?.slice(0, 200) }];
}

/** What happened, in words: the prompt sent, the call run, the hook's words seen, a model call after. */
export function happened(c: AnswerCase, out: SessionOutput): string {
  if (out.result.requests.length === 0) return "no model call";
  const call = out.calls[0]!;
  const agent = c.call === AGENT;
  const parts = [
    agent ? (out.result.childRequests.length > 0 ? "the subagent ran" : "no subagent") : call.changed ? "the call ran" : "the call did not run",
    call.text === undefined ? "no model call after it" : "the model saw its result",
  ];
  if (c.mark) parts.push(out.result.requests.some((r) => JSON.stringify((r.body as { messages?: unknown }).messages ?? "").includes(c.mark!)) ? "the hook's words reach the model" : "the hook's words not sent");
  return parts.join("; ");
}

/** Whether the work ran, ranked: a prompt never sent or a call stopped is refused. */
export function outcome(c: AnswerCase, out: SessionOutput): Outcome {
  const call = out.calls[0];
  if (c.ranked === "agent" || c.ranked === "agent-disabled") {
    if (out.result.childRequests.length > 0) return "ran";
    return c.ranked === "agent-disabled" ? classifyDisabled(call?.text, false) : call?.text === undefined ? "refused" : classify(call.text, false);
  }
  if (out.result.requests.length === 0 || call === undefined) return "refused";
  if (call.changed) return "ran";
  return call.text === undefined ? "refused" : classify(call.text, false);
}
