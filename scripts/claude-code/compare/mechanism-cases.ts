/**
 * The cases beyond bash permissions, each a session of its own through both harnesses:
 * PreToolUse hooks (allow / deny / ask against the rules, refused calls seen), PostToolUse
 * (its payload's shape, where its context arrives), a subagent, a skill, a custom command, a
 * compaction, MCP (mcp-cases.ts) and /goal (goal-cases.ts). Each row says what happened in both; permission-like outcomes are ranked
 * (outcome.ts), the others compare descriptions ("match" or "differs").
 */
import path from "node:path";
import type { Job } from "./bash-cases.ts";
import { goalComparison } from "./goal-cases.ts";
import { mcpComparison } from "./mcp-cases.ts";
import { SETTINGS } from "./bash-corpus.ts";
import { compaction } from "./compaction-case.ts";
import { hookAnswerJobs } from "./hook-answer-cases.ts";
import { both, described, readLines } from "./mechanism-rows.ts";
import { classify, verdict, type Outcome } from "./outcome.ts";
import type { HarnessRun } from "./run-harness.ts";
import { canaryFiles, textOf, type SessionOutput, type SessionSpec } from "./session.ts";
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
    ...hookAnswerJobs(),
    { label: "mcp", run: mcpComparison },
    { label: "goal", run: goalComparison },
  ];
  return options.quick ? jobs.filter((_, i) => i % 2 === 0) : jobs;
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
    ".claude/commands/compare-at.md": "---\ndescription: a file named with @\n---\nReview @notes/at-file.md and say CMD-AT-MARK.\n",
    "notes/at-file.md": "AT-FILE-CONTENT-MARK: the file's own words.\n",
  };
  const session = (prompt: string): SessionSpec => ({ mode: "default", settings: SETTINGS, files, calls: [], prompt });
  const [argsOurs, argsTheirs] = await both(course, claudeCode, session("/compare-args alpha beta"));
  const [failOurs, failTheirs] = await both(course, claudeCode, session("/compare-fail"));
  const [atOurs, atTheirs] = await both(course, claudeCode, session("/compare-at"));
  const expanded = (out: SessionOutput) => {
    const first = JSON.stringify(out.result.requests[0]?.body ?? "");
    const match = /Say CMD-MARK for [^"\\]*/.exec(first);
    return match ? match[0] : "not sent";
  };
  const whole = (out: SessionOutput) => commandRequest(out.result.requests[0]?.body);
  const attached = (out: SessionOutput) => (JSON.stringify(out.result.requests[0]?.body ?? "").includes("AT-FILE-CONTENT-MARK") ? "the file's content attached" : "left as text");
  const failing = (out: SessionOutput): Outcome => (out.result.requests.length === 0 ? "refused" : "ran");
  const a = failing(failOurs);
  const b = failing(failTheirs);
  const name = (o: Outcome) => (o === "refused" ? "stopped, no model call" : "sent to the model");
  return [
    described("custom command", "arguments", "/compare-args alpha beta: the body", expanded(argsOurs), expanded(argsTheirs)),
    described("custom command", "the whole request", "/compare-args alpha beta: what the first request carries", whole(argsOurs), whole(argsTheirs)),
    described("custom command", "@file", "a command naming @notes/at-file.md", attached(atOurs), attached(atTheirs)),
    described("custom command", "inline command", "an inline !`false` fails", name(a), name(b), verdict(a, b)),
  ];
}

/**
 * What a custom command's first request carries, beyond the expanded body: the tags it is
 * wrapped in (Claude Code: <command-message>, <command-name>, <command-args>), the arguments
 * as sent, and the body. The harness's own reminders (CLAUDE.md, git status) are left out.
 */
export function commandRequest(body: unknown): string {
  const messages = (body as { messages?: { role: string; content: unknown }[] } | undefined)?.messages ?? [];
  const texts = messages
    .filter((m) => m.role === "user")
    .flatMap((m) => (typeof m.content === "string" ? [m.content] : (m.content as { type: string; text?: string }[]).filter((b) => b.type === "text").map((b) => b.text ?? "")))
    .filter((t) => !t.trimStart().startsWith("<system-reminder>"));
  const all = texts.join("\n");
  if (all === "") return "not sent";
  const tags = [...new Set([...all.matchAll(/<(command-[a-z]+)>/g)].map((m) => `<${m[1]}>`))];
  const args = /<command-args>([^<]*)<\/command-args>/.exec(all)?.[1];
  const bodyText = /Say CMD-MARK for [^\n<]*/.exec(all)?.[0] ?? "body not sent";
  return [tags.length > 0 ? `wrapped in ${tags.join(", ")}` : "no wrapper", ...(args !== undefined ? [`args "${args}"`] : []), bodyText].join("; ");
}
