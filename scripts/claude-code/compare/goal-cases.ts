/**
 * `/goal`, side by side (lesson 16 and Claude Code): the same `--print "/goal …"` / `-p "/goal …"`,
 * the same scripted model — the agent's requests answered with words, the evaluator's (the ones
 * with `output_config.format`) with a verdict. Compared: the evaluator's request (system, tools,
 * schema, the question, how much of the conversation it sees), the feedback message, when each
 * stops (met, impossible, the cap, an answer that is not a verdict), and `/goal`'s own answers.
 */
import type { RecordedRequest, Script } from "@learn/core/simulator";
import { described } from "./mechanism-rows.ts";
import { runSession, type HarnessRun, type SessionResult } from "./run-harness.ts";
import { textOf } from "./session.ts";
import type { Row } from "./table.ts";
import { sessionFolder } from "./workspace.ts";

const CONDITION = "the file done.txt exists in the workspace";
const says = (words: string) => ({ content: [{ type: "text" as const, text: words }] });
const verdict = (v: object, more: Partial<Script["turns"][number]> = {}) => ({ expect: { noTools: true }, content: [{ type: "text" as const, text: JSON.stringify(v) }], ...more });

type Body = { system?: unknown; tools?: unknown[]; output_config?: { format?: unknown }; messages: { role: string; content: unknown }[] };
const bodyOf = (r: RecordedRequest) => r.body as Body;
const isEvaluation = (r: RecordedRequest) => r.status === 200 && bodyOf(r).output_config?.format !== undefined;
const isAgentTurn = (r: RecordedRequest) => r.status === 200 && !isEvaluation(r);
const lastUser = (r: RecordedRequest | undefined) => (r ? textOf(bodyOf(r).messages.filter((m) => m.role === "user").at(-1)?.content) : "(none)");

async function goalRun(run: HarnessRun, prompt: string, turns: Script["turns"]): Promise<SessionResult> {
  const folder = await sessionFolder({ settings: {} });
  try {
    return await runSession(run, folder, { turns: [...turns, { repeat: 3, content: [{ type: "text", text: "Spare answer." }] }] }, { mode: "default", prompt });
  } finally {
    await folder.cleanup();
  }
}

/** Run one case through both harnesses at once. */
function both(course: HarnessRun, claudeCode: HarnessRun, prompt: string, turns: Script["turns"]) {
  return Promise.all([goalRun(course, prompt, turns), goalRun(claudeCode, prompt, turns)]);
}

const counts = (s: SessionResult) => `${s.requests.filter(isEvaluation).length} evaluations, ${s.requests.filter(isAgentTurn).length} agent requests`;

export async function goalComparison(course: HarnessRun, claudeCode: HarnessRun): Promise<Row[]> {
  const lesson16 = { ...course, lesson: "s16" };
  const rows: Row[] = [];
  const row = (group: string, label: string, a: string, b: string) => rows.push(described("goal", group, label, a, b));

  // Not met, then met: the evaluator's request and the feedback.
  const [ours, theirs] = await both(lesson16, claudeCode, `/goal ${CONDITION}`, [
    says("I will check."),
    verdict({ ok: false, reason: "done.txt has not been created yet" }),
    says("Created done.txt."),
    verdict({ ok: true, reason: "the transcript shows done.txt was created" }),
  ]);
  const evaluation = (s: SessionResult) => s.requests.find(isEvaluation);
  row("evaluator request", "tools", describeTools(evaluation(ours)), describeTools(evaluation(theirs)));
  row("evaluator request", "output_config.format", JSON.stringify(bodyOf(evaluation(ours)!).output_config?.format), JSON.stringify(bodyOf(evaluation(theirs)!).output_config?.format));
  row("evaluator request", "the system prompt's evaluator text", hasEvaluatorText(evaluation(ours)), hasEvaluatorText(evaluation(theirs)));
  row("evaluator request", "the question (up to the condition)", question(evaluation(ours)), question(evaluation(theirs)));
  row("evaluator request", "what of the conversation it sees", seen(ours), seen(theirs));
  row("loop", "not met: the next request's last user message", lastUser(ours.requests.filter(isAgentTurn)[1]), lastUser(theirs.requests.filter(isAgentTurn)[1]));
  row("loop", "not met, then met: requests", counts(ours), counts(theirs));

  const [impossibleOurs, impossibleTheirs] = await both(lesson16, claudeCode, "/goal 2 + 2 is 5", [says("That cannot be."), verdict({ ok: false, impossible: true, reason: "arithmetic" })]);
  row("loop", "impossible: requests", counts(impossibleOurs), counts(impossibleTheirs));

  const never = Array.from({ length: 12 }, (_, i) => [says(`Attempt ${i + 1}.`), verdict({ ok: false, reason: "still missing" })]).flat();
  const [capOurs, capTheirs] = await both(lesson16, claudeCode, `/goal ${CONDITION}`, never);
  row("loop", "never met: requests until the cap", counts(capOurs), counts(capTheirs));

  // An answer that is not a verdict (refused), then a good one: the course asks once more.
  const [badOurs, badTheirs] = await both(lesson16, claudeCode, `/goal ${CONDITION}`, [says("Working."), verdict({}, { stop_reason: "refusal", content: [{ type: "text", text: "I would rather not." }] }), verdict({ ok: true, reason: "done" })]);
  row("loop", "an answer that is not a verdict: requests", counts(badOurs), counts(badTheirs));

  const long = `/goal ${"x".repeat(4001)}`;
  const [longOurs, longTheirs] = await both(lesson16, claudeCode, long, []);
  row("command", "a condition of 4,001 characters", `${longOurs.stdout.trim()} (${longOurs.requests.length} requests)`, `${longTheirs.stdout.trim()} (${longTheirs.requests.length} requests)`);
  const [aloneOurs, aloneTheirs] = await both(lesson16, claudeCode, "/goal", []);
  row("command", "/goal with no goal", aloneOurs.stdout.trim(), aloneTheirs.stdout.trim());
  return rows;
}

function describeTools(r: RecordedRequest | undefined): string {
  if (!r) return "no evaluator request";
  const tools = bodyOf(r).tools;
  return tools === undefined || tools.length === 0 ? "none" : `${tools.length} tools`;
}

function hasEvaluatorText(r: RecordedRequest | undefined): string {
  return JSON.stringify(r ? bodyOf(r).system : "").includes("You are evaluating a stop-condition hook") ? "present" : "absent";
}

function question(r: RecordedRequest | undefined): string {
  return lastUser(r).split("\n\nARGUMENTS:")[0] ?? "";
}

/** The evaluator's messages beside the agent's request before it: all of them, then the answer and the question? */
function seen(s: SessionResult): string {
  const i = s.requests.findIndex(isEvaluation);
  const before = s.requests.slice(0, i).findLast(isAgentTurn);
  if (i < 0 || !before) return "no evaluator request";
  const strip = (m: { role: string }) => m.role !== "system";
  const evaluated = bodyOf(s.requests[i]!).messages.filter(strip).length;
  const agent = bodyOf(before).messages.filter(strip).length;
  return evaluated === agent + 2 ? "the whole conversation, its last answer, then the question" : `${evaluated} messages (the agent's request had ${agent})`;
}
