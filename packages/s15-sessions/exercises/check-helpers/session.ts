/**
 * What s15's exercise checks share: the lesson (with the student's file in it) on a scripted
 * model in a fresh workspace, its transcripts in a folder of the workspace (--sessions-dir), and
 * a way to leave the session and come back with --continue.
 */
import type { AgentOptions } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent } from "@learn/core/testing";
import type { CheckContext } from "@learn/exercises";

export const SESSIONS = ".sessions";

/** The lesson module as the student's files make it. */
export type LessonModule = typeof import("../../src/index.ts");

export async function lessonOf(t: CheckContext): Promise<LessonModule> {
  return t.lesson<LessonModule>("src/index.ts");
}

/** One of the lesson's files, loaded as the student's files make the lesson (the file that defines what a check calls). */
export async function moduleOf<T>(t: CheckContext, file: string): Promise<T> {
  return t.lesson<T>(file);
}

/** Run `prompts` on the lesson's agent in `ws` with `turns`, then close it; what was sent, and the agent's commands' answers. */
export async function runSession(t: CheckContext, ws: string, script: Script, prompts: string[], o: { flags?: Record<string, string>; commands?: string[]; options?: Partial<AgentOptions> } = {}) {
  const { lesson } = (await lessonOf(t)) as { lesson: Lesson };
  const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws, { flags: { "permission-mode": "acceptEdits", "sessions-dir": SESSIONS, ...o.flags }, ...o.options });
  const said: string[] = [];
  try {
    for (const prompt of prompts) await agent.run(prompt, new AbortController().signal);
    for (const line of o.commands ?? []) {
      const [name, ...args] = line.slice(1).split(" ");
      said.push(String(await agent.commands!.find((c) => c.name === name)!.run(args.join(" "))));
    }
  } finally {
    await agent.close?.();
  }
  return { requests: simulator.requests.map((r) => r.body as { messages: { role: string; content: unknown }[] }), said, notices: renderer.ofKind("notice").map((n) => n.text) };
}
