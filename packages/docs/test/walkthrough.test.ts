/**
 * Each lesson's walkthrough comes from a real run of its demo: it shows the demo's final
 * answer and every tool the script calls, each call answered by a real tool result.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, type TraceEntry } from "@learn/core/harness";
import { loadScript, type Script, type ScriptTurn, type TurnAnswer } from "@learn/core/simulator";
import { discoverLessons, type LessonPackage } from "../src/discover.ts";
import { readBlock } from "../src/markers.ts";
import { EN } from "../src/labels.ts";
import type { LessonFacts } from "../src/lesson-facts.ts";
import { renderWalkthrough } from "../src/walkthrough.ts";

const { lessons } = await discoverLessons(repoRoot());

/** The texts the script's last answer may have (one per `oneOf` alternative), and the tools it has the model call. */
function expectations(script: Script) {
  const answersOf = (turn: ScriptTurn) => turn.oneOf ?? [turn];
  const isFinal = (answer: TurnAnswer) => answer.content?.some((b) => b.type === "text") && !answer.content.some((b) => b.type === "tool_use");
  // A request with no tools is a side request (s16's evaluator, s07's summary): its answer is not the session's.
  const lastTextTurn = script.turns.findLast((turn) => !turn.expect?.noTools && answersOf(turn).some(isFinal));
  const finalAnswers = (lastTextTurn ? answersOf(lastTextTurn).filter(isFinal) : []).map((answer) =>
    (answer.content ?? []).map((b) => (b.type === "text" ? b.text : "")).join(""),
  );
  const blocks = script.turns.flatMap((turn) => answersOf(turn).flatMap((answer) => answer.content ?? []));
  const tools = [...new Set(blocks.flatMap((b) => (b.type === "tool_use" ? [b.name] : [])))];
  return { finalAnswers, tools };
}

/** The walkthrough block of a lesson's README (en or zh), as students read it. */
async function walkthroughIn(pkg: LessonPackage, file: "README.md" | "README.zh.md"): Promise<string> {
  const readme = path.join(pkg.dir, file);
  const block = readBlock(await readFile(readme, "utf8"), "walkthrough", readme);
  if (block === undefined) throw new Error(`${readme} has no walkthrough block`);
  return block;
}

/** The tool-use ids of each agent's last response in a walkthrough (steps name their agent; none: the lead). */
function lastCallsByAgent(text: string): Set<string> {
  const last = new Map<string, string[]>();
  let agent = "lead";
  let inResponse = false;
  for (const line of text.split("\n")) {
    const step = /^\*\*Step \d+ · (request|response)\*\*(?: · agent `([^`]+)`)?/.exec(line);
    if (step) {
      agent = step[2] ?? "lead";
      inResponse = step[1] === "response";
      if (inResponse) last.set(agent, []);
      continue;
    }
    const call = inResponse ? /^- tool_use `[^`]+` `(toolu_\d+)`/.exec(line) : null;
    if (call) last.get(agent)!.push(call[1]!);
  }
  return new Set([...last.values()].flat());
}

// The README's walkthrough is the real run: `pnpm docs:check` (in `pnpm test` too) runs every demo
// again and fails when the text would differ. So these checks read what students read, and no
// demo runs twice in one `pnpm test`.
describe.each(lessons.map((pkg) => [pkg.lesson.id, pkg] as const))("the %s walkthrough", (_id, pkg) => {
  it("shows the real run: the final answer, each scripted tool, a result for every call; the same calls in Chinese", async () => {
    const text = await walkthroughIn(pkg, "README.md");
    for (const file of pkg.lesson.demoScripts) {
      const { finalAnswers, tools } = expectations(await loadScript(file));
      // Answers are shown cut to a line: the first 60 characters of one of them must be there.
      expect(finalAnswers.some((answer) => text.includes(answer.slice(0, 60))), `one of ${JSON.stringify(finalAnswers)}`).toBe(true);
      for (const tool of tools) expect(text).toContain(`tool_use \`${tool}\``);
    }
    // Every tool call the model made was answered by a tool result the harness sent back — but
    // for the calls of an agent's last response, when that call ended its work (idle, an approved
    // shutdown): their results exist, but no request carried them.
    const calls = [...text.matchAll(/tool_use `[^`]+` `(toolu_\d+)`/g)].map((m) => m[1]!);
    expect(calls.length).toBeGreaterThan(0);
    const last = lastCallsByAgent(text);
    const unanswered = calls.filter((id) => !text.includes(`tool_result \`${id}\``));
    for (const id of unanswered) expect(last.has(id), `${id} has no result and is no agent's last call`).toBe(true);
    // The Chinese walkthrough shows the same calls, in the same order.
    const callsIn = (t: string) => [...t.matchAll(/tool_use `[^`]+` `toolu_\d+`/g)].map((m) => m[0]);
    expect(callsIn(await walkthroughIn(pkg, "README.zh.md"))).toEqual(callsIn(text));
    // Nothing of the machine the run happened on leaks into the text.
    expect(text).not.toMatch(/learn-[a-z0-9]+-docs-|toolu_sim_|msg_sim_|\/tmp\//);
  });
});

describe("a multi-agent walkthrough", () => {
  const entry = (agent: string, type: "request" | "response", n: number): TraceEntry =>
    type === "request"
      ? { type, agent, body: { model: "m", max_tokens: 10, messages: [{ role: "user", content: `${agent} asks ${n}` }] } }
      : { type, agent, body: { id: `msg_${n}`, role: "assistant", content: [{ type: "text", text: `${agent} answers ${n}` }], stop_reason: "end_turn" } };
  const factsFor = (entries: TraceEntry[]) =>
    ({
      pkg: { dir: "/repo/packages/s09" },
      demos: [{ script: "/repo/packages/s09/demo/team.yaml", title: "Team", workspaces: [], prompts: [{ prompt: "go", answer: "done", entries }] }],
    }) as unknown as LessonFacts;

  it("groups the steps by agent, the lead first, whatever order the agents ran in", () => {
    const interleaved = [entry("bob", "request", 1), entry("lead", "request", 1), entry("bob", "response", 1), entry("alice", "request", 1), entry("lead", "response", 1), entry("alice", "response", 1)];
    const other = [entry("alice", "request", 1), entry("alice", "response", 1), entry("lead", "request", 1), entry("bob", "request", 1), entry("bob", "response", 1), entry("lead", "response", 1)];
    const text = renderWalkthrough(factsFor(interleaved), EN);
    expect(renderWalkthrough(factsFor(other), EN)).toBe(text);
    const order = [...text.matchAll(/(lead|alice|bob) (asks|answers) 1/g)].map((m) => m[1]);
    expect([...new Set(order)]).toEqual(["lead", "alice", "bob"]);
  });
});
