/**
 * What s16's checks share: a goal session on the lesson's agent (the student's files in it), or
 * on a bare kernel with only the goal's Stop hook (for an option the lesson does not pass yet);
 * and the requests split into the agent's and the evaluator's (those with a schema).
 */
import type { CheckContext } from "@learn/exercises";
import { Kernel, type Hook, type SlashCommand } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import type { RecordedRequest } from "@learn/core/simulator";
import { scriptedAgent, scriptedModel } from "@learn/core/testing";

export const says = (words: string) => ({ content: [{ type: "text", text: words }] });
export const verdict = (v: { ok: boolean; reason: string; impossible?: boolean }) => ({ expect: { noTools: true }, content: [{ type: "text", text: JSON.stringify(v) }] });

const hasSchema = (r: RecordedRequest) => (r.body as { output_config?: unknown }).output_config !== undefined;

export interface GoalSession {
  evaluations: RecordedRequest[];
  agentRequests: RecordedRequest[];
  notices: string[];
  errors: string[];
  /** What `/goal` alone says afterwards. */
  status: string;
}

function sessionOf(requests: RecordedRequest[], renderer: { ofKind(kind: "notice" | "error"): { text: string }[] }, status: string): GoalSession {
  return {
    evaluations: requests.filter(hasSchema),
    agentRequests: requests.filter((r) => !hasSchema(r)),
    notices: renderer.ofKind("notice").map((n) => n.text),
    errors: renderer.ofKind("error").map((e) => e.text),
    status,
  };
}

/** `/goal <condition>` on the lesson's agent, answered by `turns`. */
export async function goalSession(t: CheckContext, condition: string, turns: object[]): Promise<GoalSession> {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const cwd = await t.workspace({ "notes.md": "# notes\n", ".user/.keep": "" });
  const { agent, simulator, renderer } = await scriptedAgent(lesson, JSON.stringify({ turns }), cwd, { userDir: `${cwd}/.user` });
  const goal = agent.commands!.find((c) => c.name === "goal")! as SlashCommand;
  const turn = (await goal.run(condition)) as { prompt: string };
  await agent.run(turn.prompt, new AbortController().signal).catch((err: unknown) => renderer.error(String(err)));
  return sessionOf(simulator.requests, renderer, String(await goal.run("")));
}

/** The goal's Stop hook alone on a kernel (made by `hookFor` from the student's stop-hook.ts), the goal set to `condition`. */
export async function bareGoalSession(t: CheckContext, condition: string, turns: object[], hookFor: (modules: { stopHook: Record<string, unknown>; goal: unknown }) => Hook): Promise<GoalSession & { usage: number[] }> {
  const stopHook = await t.lesson<Record<string, unknown>>("src/goal/stop-hook.ts");
  const { Goal } = await t.lesson<{ Goal: new () => { set(c: string): void; describe(): string } }>("src/goal/goal.ts");
  const goal = new Goal();
  goal.set(condition);
  const { model, simulator, renderer } = scriptedModel(JSON.stringify({ turns }));
  const cwd = await t.workspace({ "notes.md": "# notes\n" });
  const kernel = new Kernel({ model, system: "You are a test agent.", tools: [], hooks: [hookFor({ stopHook, goal })], cwd, renderer });
  await kernel.run("Work on the goal.", new AbortController().signal).catch((err: unknown) => renderer.error(String(err)));
  const usage = simulator.requests.filter((r) => !hasSchema(r)).map((r) => {
    const u = (r.response as { usage?: Record<string, number | null> }).usage ?? {};
    return (u.input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.output_tokens ?? 0);
  });
  return { ...sessionOf(simulator.requests, renderer, goal.describe()), usage };
}
