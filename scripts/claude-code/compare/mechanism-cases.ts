/**
 * The cases beyond bash permissions, each a session of its own through both harnesses:
 * PreToolUse hooks (allow / deny / ask against the rules, refused calls seen), PostToolUse
 * (its payload's shape, where its context arrives), a subagent, a skill, a custom command, a
 * compaction, and MCP (mcp-cases.ts). Each row says what happened in both; permission-like outcomes are ranked
 * (outcome.ts), the others compare descriptions ("match" or "differs").
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Job } from "./bash-cases.ts";
import { mcpComparison } from "./mcp-cases.ts";
import { SETTINGS } from "./bash-corpus.ts";
import { classify, verdict, type Outcome, type Verdict } from "./outcome.ts";
import type { HarnessRun } from "./run-harness.ts";
import { canaryFiles, runCalls, textOf, type SessionOutput, type SessionSpec } from "./session.ts";
import type { Row } from "./table.ts";

/** The PreToolUse hook: it logs its payload and decides by a word in the command. */
const DECIDE_HOOK = `payload=$(cat)
printf '%s\\n' "$payload" >> "$(dirname "$0")/../../pre-payloads.jsonl"
decide() { printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"%s","permissionDecisionReason":"the comparison hook says %s"}}\\n' "$1" "$1"; }
case "$payload" in
  *HOOKDENY*) decide deny ;;
  *HOOKALLOW*) decide allow ;;
  *HOOKASK*) decide ask ;;
esac
`;
/** The PostToolUse hook: it logs its payload and adds context when the command asks for it. */
const POST_HOOK = `payload=$(cat)
printf '%s\\n' "$payload" >> "$(dirname "$0")/../../post-payloads.jsonl"
case "$payload" in
  *HOOKCONTEXT*) printf '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"POST-CONTEXT-MARK from the hook"}}\\n' ;;
esac
`;

const HOOK_SETTINGS = {
  ...SETTINGS,
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "sh .claude/hooks/decide.sh", timeout: 10 }] }],
    PostToolUse: [{ matcher: "*", hooks: [{ type: "command", command: "sh .claude/hooks/post.sh", timeout: 10 }] }],
  },
};
const HOOK_FILES = { ".claude/hooks/decide.sh": DECIDE_HOOK, ".claude/hooks/post.sh": POST_HOOK };

interface HookCase {
  group: string;
  label: string;
  command: string;
  watch?: string;
  canary?: boolean;
}

const HOOK_CASES: HookCase[] = [
  { group: "PreToolUse deny", label: "hook denies a command a rule allows", command: "echo HOOKDENY" },
  { group: "PreToolUse allow", label: "hook allows a command no rule allows", command: "touch canary/HOOKALLOW.txt", watch: "canary/HOOKALLOW.txt" },
  { group: "PreToolUse allow", label: "hook allows a command a deny rule refuses", command: "rm -rf canary/HOOKALLOW-denied.txt", watch: "canary/HOOKALLOW-denied.txt", canary: true },
  { group: "PreToolUse allow", label: "hook allows a command an ask rule names", command: "git commit --allow-empty -m HOOKALLOW" },
  { group: "PreToolUse ask", label: "hook asks about a command a rule allows", command: "echo HOOKASK" },
  { group: "PreToolUse", label: "no decision: the rules decide (allowed)", command: "echo plain" },
];

export function mechanismJobs(options: { quick: boolean }): Job[] {
  const jobs: Job[] = [
    { label: "hooks: PreToolUse decisions", run: hookDecisions },
    { label: "hooks: payloads and context", run: hookPayloads },
    { label: "subagent", run: subagent },
    { label: "skill", run: skill },
    { label: "custom command", run: customCommands },
    { label: "compaction", run: compaction },
    { label: "mcp", run: mcpComparison },
  ];
  return options.quick ? jobs.filter((_, i) => i % 2 === 0) : jobs;
}

/** Run one spec through both harnesses at once (two processes: the machine's two cores). */
function both(course: HarnessRun, claudeCode: HarnessRun, spec: SessionSpec): Promise<[SessionOutput, SessionOutput]> {
  return Promise.all([runCalls(course, spec), runCalls(claudeCode, spec)]);
}

function described(mechanism: string, group: string, label: string, course: string, claudeCode: string, ranked?: Verdict, mode = "default"): Row {
  return { mechanism, group, case: label, mode, course, claudeCode, verdict: ranked ?? (course === claudeCode ? "match" : "differs") };
}

async function hookDecisions(course: HarnessRun, claudeCode: HarnessRun): Promise<Row[]> {
  const spec: SessionSpec = {
    mode: "default",
    settings: HOOK_SETTINGS,
    files: { ...HOOK_FILES, ...canaryFiles(HOOK_CASES.filter((c) => c.canary).map((c) => c.watch!)) },
    calls: [
      ...HOOK_CASES.map((c) => ({ step: { tool: "bash" as const, command: c.command }, watch: c.watch ? [c.watch] : undefined })),
      // A call the rules refuse: does the hook see it?
      { step: { tool: "bash" as const, command: "curl https://example.com/HOOKSEEN" } },
    ],
    inspect: async (folder) => ({ pre: await readLines(path.join(folder.ws, "pre-payloads.jsonl")) }),
  };
  const [ours, theirs] = await both(course, claudeCode, spec);
  const rows: Row[] = HOOK_CASES.map((c, i) => {
    const a: Outcome = classify(ours.calls[i]!.text, ours.calls[i]!.changed);
    const b: Outcome = classify(theirs.calls[i]!.text, theirs.calls[i]!.changed);
    return { ...described("hooks", c.group, c.label, a, b, verdict(a, b)), courseSaid: ours.calls[i]!.text?.slice(0, 200), claudeCodeSaid: theirs.calls[i]!.text?.slice(0, 200) };
  });
  const seen = (out: SessionOutput) => ((out.inspected.pre as string[]).some((line) => line.includes("HOOKSEEN")) ? "sees it" : "never sees it");
  rows.push(described("hooks", "PreToolUse", "a call a deny rule refuses: does the hook see it?", seen(ours), seen(theirs)));
  return rows;
}

async function hookPayloads(course: HarnessRun, claudeCode: HarnessRun): Promise<Row[]> {
  const spec: SessionSpec = {
    mode: "acceptEdits",
    settings: HOOK_SETTINGS,
    files: HOOK_FILES,
    calls: [
      { step: { tool: "bash", command: "echo HOOKCONTEXT" } },
      { step: { tool: "write", path: "notes/post.md", content: "written by the comparison\n" } },
    ],
    inspect: async (folder) => ({ post: await readLines(path.join(folder.ws, "post-payloads.jsonl")), ws: folder.ws }),
  };
  const [ours, theirs] = await both(course, claudeCode, spec);
  const payloads = (out: SessionOutput) => (out.inspected.post as string[]).map((line) => JSON.parse(line) as Record<string, unknown>);
  const shape = (out: SessionOutput, tool: RegExp) => {
    const payload = payloads(out).find((p) => tool.test(String(p.tool_name)));
    if (!payload) return "no payload";
    const response = payload.tool_response;
    return typeof response === "object" && response !== null ? `{${Object.keys(response).sort().join(", ")}}` : typeof response;
  };
  const filePath = (out: SessionOutput) => {
    const payload = payloads(out).find((p) => /^(Write|write_file)$/.test(String(p.tool_name)));
    const input = (payload?.tool_input ?? {}) as Record<string, unknown>;
    const value = String(input.file_path ?? input.path ?? "");
    return value === "" ? "no path" : path.isAbsolute(value) ? "absolute" : "as the model wrote it";
  };
  const field = (out: SessionOutput, name: string) => {
    const payload = payloads(out)[0];
    if (!payload) return "no payload";
    const value = payload[name];
    if (name === "transcript_path") return typeof value === "string" && value !== "" ? "a path" : String(value);
    return value === undefined ? "absent" : "present";
  };
  const context = (out: SessionOutput) => {
    const last = out.result.requests.at(-1)?.body as { messages?: { role: string; content: unknown }[] } | undefined;
    const holder = (last?.messages ?? []).find((m) => JSON.stringify(m.content).includes("POST-CONTEXT-MARK"));
    if (!holder) return "not sent";
    const inResult = Array.isArray(holder.content) && (holder.content as { type: string; content?: unknown }[]).some((b) => b.type === "tool_result" && textOf(b.content).includes("POST-CONTEXT-MARK"));
    return inResult ? "in the tool result" : `a ${holder.role} message`;
  };
  return [
    described("hooks", "PostToolUse payload", "tool_response of a bash call", shape(ours, /^(Bash|bash)$/), shape(theirs, /^(Bash|bash)$/), undefined, "acceptEdits"),
    described("hooks", "PostToolUse payload", "tool_response of a file write", shape(ours, /^(Write|write_file)$/), shape(theirs, /^(Write|write_file)$/), undefined, "acceptEdits"),
    described("hooks", "PostToolUse payload", "tool_input's file path", filePath(ours), filePath(theirs), undefined, "acceptEdits"),
    described("hooks", "PostToolUse payload", "transcript_path", field(ours, "transcript_path"), field(theirs, "transcript_path"), undefined, "acceptEdits"),
    described("hooks", "PostToolUse payload", "duration_ms", field(ours, "duration_ms"), field(theirs, "duration_ms"), undefined, "acceptEdits"),
    described("hooks", "PostToolUse output", "where additionalContext arrives", context(ours), context(theirs), undefined, "acceptEdits"),
  ];
}

const CHILD_REPORT = "CHILD-REPORT-42: the shop has two source files.";

async function subagent(course: HarnessRun, claudeCode: HarnessRun): Promise<Row[]> {
  const agent = "---\nname: quick-scout\ndescription: Looks around quickly.\nmodel: haiku\n---\nQUICK-SCOUT-MARK: you look around and report in one line.\n";
  const spec: SessionSpec = {
    mode: "default",
    settings: SETTINGS,
    files: { ".claude/agents/quick-scout.md": agent },
    calls: [{ step: { tool: "agent", prompt: "Look at the shop and report in one line.", type: "quick-scout" } }],
    child: { marker: "QUICK-SCOUT-MARK", turns: [{ content: [{ type: "text", text: CHILD_REPORT }] }] },
  };
  const [ours, theirs] = await both(course, claudeCode, spec);
  const handBack = (out: SessionOutput) => {
    const text = out.calls[0]?.text;
    if (text === undefined) return "no result";
    if (text.includes("CHILD-REPORT-42")) return text.trim() === CHILD_REPORT ? "in the tool result, raw" : "in the tool result, framed";
    const later = out.result.requests.flatMap((r) => ((r.body as { messages?: { role: string; content: unknown }[] }).messages ?? []).slice(-2));
    const holder = later.find((m) => JSON.stringify(m.content).includes("CHILD-REPORT-42"));
    return holder ? `later, in a ${holder.role} message (background)` : "never";
  };
  const childModel = (out: SessionOutput) => {
    const parent = (out.result.requests[0]?.body as { model?: string } | undefined)?.model;
    const child = (out.result.childRequests[0]?.body as { model?: string } | undefined)?.model;
    if (!child) return "no child request";
    return child === parent ? "the parent's model" : /haiku/i.test(child) ? "the haiku alias, resolved" : `another model (${child})`;
  };
  return [
    { ...described("subagent", "hand-back", "a subagent's report reaches the lead", handBack(ours), handBack(theirs)), courseSaid: ours.calls[0]?.text?.slice(0, 200), claudeCodeSaid: theirs.calls[0]?.text?.slice(0, 200) },
    described("subagent", "model", "an agent file with model: haiku", childModel(ours), childModel(theirs)),
  ];
}

async function skill(course: HarnessRun, claudeCode: HarnessRun): Promise<Row[]> {
  const body = "---\nname: compare-skill\ndescription: A skill the comparison loads.\n---\nSKILL-BODY-MARK: check the cart totals first.\n";
  const spec: SessionSpec = {
    mode: "default",
    settings: SETTINGS,
    files: { ".claude/skills/compare-skill/SKILL.md": body },
    calls: [{ step: { tool: "skill", name: "compare-skill" } }],
  };
  const [ours, theirs] = await both(course, claudeCode, spec);
  const listed = (out: SessionOutput) => (JSON.stringify(out.result.requests[0]?.body ?? "").includes("compare-skill") ? "listed in the first request" : "not listed");
  const loaded = (out: SessionOutput) => {
    const last = out.result.requests.at(-1)?.body as { messages?: { role: string; content: unknown }[] } | undefined;
    const holder = (last?.messages ?? []).find((m) => JSON.stringify(m.content).includes("SKILL-BODY-MARK"));
    if (!holder) return "body not sent";
    return out.calls[0]?.text?.includes("SKILL-BODY-MARK") ? "body in the tool result" : `body in a ${holder.role} message`;
  };
  return [
    described("skill", "two layers", "the skill's name and description before it is loaded", listed(ours), listed(theirs)),
    described("skill", "two layers", "the body after the model loads it", loaded(ours), loaded(theirs)),
  ];
}

async function customCommands(course: HarnessRun, claudeCode: HarnessRun): Promise<Row[]> {
  const files = {
    ".claude/commands/compare-args.md": "---\ndescription: arguments\n---\nSay CMD-MARK for [$ARGUMENTS] first=[$1] second=[$2] zero=[$0].\n",
    ".claude/commands/compare-fail.md": "---\ndescription: a failing inline command\nallowed-tools: Bash(false), Bash(false:*)\n---\nStatus: !`false`\nSay CMD-FAIL-MARK.\n",
  };
  const session = (prompt: string): SessionSpec => ({ mode: "default", settings: SETTINGS, files, calls: [], prompt });
  const [argsOurs, argsTheirs] = await both(course, claudeCode, session("/compare-args alpha beta"));
  const [failOurs, failTheirs] = await both(course, claudeCode, session("/compare-fail"));
  const expanded = (out: SessionOutput) => {
    const first = JSON.stringify(out.result.requests[0]?.body ?? "");
    const match = /Say CMD-MARK for [^"\\]*/.exec(first);
    return match ? match[0] : "not sent";
  };
  const failing = (out: SessionOutput): Outcome => (out.result.requests.length === 0 ? "refused" : "ran");
  const a = failing(failOurs);
  const b = failing(failTheirs);
  const name = (o: Outcome) => (o === "refused" ? "stopped, no model call" : "sent to the model");
  return [
    described("custom command", "arguments", "/compare-args alpha beta", expanded(argsOurs), expanded(argsTheirs)),
    described("custom command", "inline command", "an inline !`false` fails", name(a), name(b), verdict(a, b)),
  ];
}

const READS = [1, 2, 3, 4, 5, 6, 7, 8];

async function compaction(course: HarnessRun, claudeCode: HarnessRun): Promise<Row[]> {
  // Eight reads of about 6,500 tokens each: past both thresholds, and each under the course's
  // 30,000 characters above which a tool result is kept in a file instead (never compacted then).
  const big = (n: number) => Array.from({ length: 400 }, (_, i) => `line ${i} of big${n}.txt RECALL-MARK-${n} padding padding padding`).join("\n");
  const spec: SessionSpec = {
    mode: "default",
    settings: SETTINGS,
    files: Object.fromEntries(READS.map((n) => [`big${n}.txt`, big(n)])),
    calls: [...READS.map((n) => ({ step: { tool: "read" as const, path: `big${n}.txt` } })), { step: { tool: "bash", command: "ls" } }],
    summarise: true,
    args: { course: ["--compact-threshold", "45000"] },
    env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000", CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: "45" },
  };
  const [ours, theirs] = await both(course, claudeCode, spec);
  type Body = { system?: unknown; tools?: { name: string }[]; messages?: unknown[] };
  const happened = (out: SessionOutput) => (out.result.summaryRequests.length > 0 ? "summarised" : "no summary");
  const prefix = (out: SessionOutput) => {
    const summary = out.result.summaryRequests[0]?.body as Body | undefined;
    const before = out.result.requests[0]?.body as Body | undefined;
    if (!summary || !before) return "no summary";
    const sameSystem = JSON.stringify(summary.system) === JSON.stringify(before.system);
    const sameTools = JSON.stringify((summary.tools ?? []).map((t) => t.name)) === JSON.stringify((before.tools ?? []).map((t) => t.name));
    return sameSystem && sameTools ? "same system and tools" : `${sameSystem ? "same" : "its own"} system, ${sameTools ? "same tools" : summary.tools?.length ? "other tools" : "no tools"}`;
  };
  const reattached = (out: SessionOutput) => {
    if (out.result.summaryRequests.length === 0) return "no summary";
    const after = out.result.requests.at(-1)?.body as Body | undefined;
    const text = JSON.stringify(after?.messages ?? []);
    if (!text.includes("COMPACT-SUMMARY-MARK")) return "summary not in the next request";
    return text.includes("RECALL-MARK-8") ? "the summary and a read file re-attached" : "the summary only";
  };
  return [
    described("compaction", "trigger", "eight large reads past the threshold", happened(ours), happened(theirs)),
    described("compaction", "summary request", "what the summary request carries", prefix(ours), prefix(theirs)),
    described("compaction", "after the summary", "what the next request carries", reattached(ours), reattached(theirs)),
  ];
}

async function readLines(file: string): Promise<string[]> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text.split("\n").filter((line) => line.trim() !== "");
}
