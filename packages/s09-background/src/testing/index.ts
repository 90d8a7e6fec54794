/**
 * Test helpers for lessons whose agent has turns nobody typed (a finished job, mail): run a
 * prompt as the demo and `--print` do — then every submitted turn, until nothing works for the
 * agent — recording each turn and who submitted it; and read the requests as the model read them.
 * And the demo through the command line against an HTTP endpoint. Shared by this lesson's tests
 * and the later lessons' (teams, worktrees).
 */
import path from "node:path";
import { expect } from "vitest";
import { checkConversation, runUntilIdle, type Agent, type IdleRunTurn, type MessageParam, type Renderer } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import { loadScript, Simulator, type RecordedRequest } from "@learn/core/simulator";
import { runLessonCli, scriptedAgent, serveSimulator, type CliRun } from "@learn/core/testing";
import { demoPromptOf, expectKeyOnlyAtEndpoint, traceRequests } from "@learn/s06/testing";

export { never, text, use, writeFiles } from "@learn/s06/testing";

export interface Body {
  system: { type: "text"; text: string }[] | string;
  messages: MessageParam[];
  tools?: { name: string }[];
}

export const bodyOf = (r: RecordedRequest) => r.body as Body;
export const lastMessage = (r: RecordedRequest) => bodyOf(r).messages.at(-1)!;
/** The requests one agent sent, in order. */
export const requestsOf = (requests: RecordedRequest[], agent: string) => requests.filter((r) => r.agent === agent);

/** A message's text as the model reads it: its text blocks and tool results' text, one after another. */
export function textOfMessage(m: MessageParam | undefined): string {
  if (m === undefined) return "";
  if (typeof m.content === "string") return m.content;
  return m.content
    .map((b) => (b.type === "text" ? b.text : b.type === "tool_result" ? (typeof b.content === "string" ? b.content : JSON.stringify(b.content)) : ""))
    .join("\n");
}

/** Run `prompt` as the demo does: then every submitted turn, until the agent is idle and nothing works for it. */
export async function runAll(agent: Agent, prompt: string, renderer: Renderer): Promise<IdleRunTurn[]> {
  const turns: IdleRunTurn[] = [];
  await runUntilIdle(agent, prompt, new AbortController().signal, renderer, (turn) => turns.push(turn));
  return turns;
}

/**
 * A lesson's demo script `index`, run in `cwd` as `pnpm --filter sNN demo` runs it: its flags, no
 * terminal (every question recorded and answered no), until idle; the agent closed afterwards.
 */
export async function runDemo(lesson: Lesson, index: number, cwd: string) {
  const script = await loadScript(lesson.demoScripts[index]!);
  if (typeof script.prompt !== "string") throw new Error(`${lesson.demoScripts[index]}: a demo with one prompt is expected`);
  const asked: string[] = [];
  const scripted = await scriptedAgent(lesson, script, cwd, {
    flags: { ...lesson.demoFlags },
    ask: async (question) => {
      asked.push(question);
      return "n";
    },
  });
  try {
    const turns = await runAll(scripted.agent, script.prompt, scripted.renderer);
    return { ...scripted, turns, asked };
  } finally {
    await scripted.agent.close?.();
  }
}

/**
 * A lesson's first demo through its command line, as a real provider is used: `--print` its
 * prompt in `cwd` against the simulator on a local HTTP endpoint (a real socket), with a key and
 * a trace. Checked here, as every lesson's CLI test needs: exit 0, no error line, every request
 * keeps the protocol's rules, and the key reached the endpoint and nothing else (`alsoClean`:
 * more text that must not hold it, a job's log). Returns what the lesson's own test checks.
 */
export async function printDemoOverHttp(
  lesson: Lesson,
  packageDir: string,
  cwd: string,
  o: { key: string; env?: Record<string, string>; alsoClean?: () => Promise<string> },
): Promise<{ run: CliRun; agents: string[]; requests: { agent?: string; body: Body }[] }> {
  const endpoint = await serveSimulator(new Simulator(await loadScript(lesson.demoScripts[0]!)));
  const trace = path.join(cwd, `trace-${process.pid}.jsonl`);
  try {
    // The demo's permission mode (acceptEdits where it writes code), which an online run does not take by itself.
    const mode = lesson.demoFlags?.["permission-mode"];
    const modeArgs = mode ? ["--permission-mode", mode] : [];
    const run = await runLessonCli(packageDir, ["--", "--print", await demoPromptOf(lesson), ...modeArgs, "--cwd", cwd, "--trace", trace], {
      env: { ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: o.key, MODEL_ID: "test-model", ...o.env },
    });
    expect(run.stderr).not.toMatch(/^✗/m);
    expect(run.code).toBe(0);
    const requests = await traceRequests<Body>(trace);
    for (const r of requests) expect(checkConversation(r.body.messages)).toBeUndefined();
    await expectKeyOnlyAtEndpoint(o.key, endpoint.headers[0], trace, run.stdout + run.stderr + ((await o.alsoClean?.()) ?? ""));
    return { run, agents: endpoint.headers.map((h) => String(h["x-learn-agent"])), requests };
  } finally {
    await endpoint.close();
  }
}
