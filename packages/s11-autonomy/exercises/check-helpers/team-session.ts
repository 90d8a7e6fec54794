/** What the s11 exercises share: a scripted team session, run until nothing works, and what it left. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";
import { lastMessage, requestsOf, runAll } from "../../../s09-background/src/testing/index.ts";

export const say = (text: string, extra: object = {}) => ({ ...extra, content: [{ type: "text", text }] });
export const use = (name: string, input: object) => ({ type: "tool_use", name, input });
export const turn = (content: object[], extra: object = {}) => ({ ...extra, content });

/** Run `turns` from one prompt until nothing works (idle teammates poll fast, and wait long). */
export async function teamSession(t: CheckContext, turns: object[]) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const cwd = await t.workspace({});
  const flags = { "idle-poll-ms": "20", "idle-timeout-ms": "600000" };
  const { agent, simulator, renderer } = await scriptedAgent(lesson, JSON.stringify({ turns }), cwd, { flags });
  try {
    await runAll(agent, "Go.", renderer);
  } finally {
    await agent.close?.();
  }
  return {
    /** The tasks that started a work phase of `name` ("Task #1: First"), in order: one per claim. */
    phases: (name: string) =>
      requestsOf(simulator.requests, name).flatMap((r) => {
        const last = lastMessage(r);
        const texts = typeof last.content === "string" ? [] : last.content.flatMap((b) => (b.type === "text" ? [b.text] : []));
        return texts.flatMap((text) => /^Task #\d+: .*/.exec(text)?.[0] ?? []);
      }),
    /** The requests `name` sent. */
    requests: (name: string) => requestsOf(simulator.requests, name),
    /** A member's status on the roster: working, idle or shutdown. */
    status: async (name: string) =>
      (JSON.parse(await readFile(path.join(cwd, ".team/config.json"), "utf8")) as { members: { name: string; status: string }[] }).members.find((m) => m.name === name)?.status,
    /** A task file of the board: its owner and status. */
    task: async (id: number) => JSON.parse(await readFile(path.join(cwd, `.tasks/${id}.json`), "utf8")) as { owner: string | null; status: string },
  };
}
