/**
 * What the s09 agent-level tests share: reading request bodies, running a prompt the way the
 * demo and `--print` do (until the agent is idle, recording each turn and who submitted it),
 * and small builders for scripted turns.
 */
import type { Agent, IdleRunTurn, MessageParam, RecordedRequest, Renderer } from "@learn/core";
import { runUntilIdle } from "@learn/core";
import { anatomyOf } from "@learn/s06/testing";
import { previousLesson } from "../src/index.ts";

export { never, text, use, writeFiles } from "@learn/s06/testing";

export interface Body {
  system: { type: "text"; text: string }[] | string;
  messages: MessageParam[];
  tools?: { name: string }[];
}

export const bodyOf = (r: RecordedRequest) => r.body as Body;
export const lastMessage = (r: RecordedRequest) => bodyOf(r).messages.at(-1)!;
/** The whole text of a message (text blocks and tool results), for searching. */
export const textOfMessage = (m: MessageParam | undefined) => (m === undefined ? "" : typeof m.content === "string" ? m.content : JSON.stringify(m.content));

/** Run `prompt` as the demo does: then every submitted turn, until the agent is idle and nothing works for it. */
export async function runAll(agent: Agent, prompt: string, renderer: Renderer): Promise<IdleRunTurn[]> {
  const turns: IdleRunTurn[] = [];
  await runUntilIdle(agent, prompt, new AbortController().signal, renderer, (turn) => turns.push(turn));
  return turns;
}

/** What the previous lesson's agent is made of, in `cwd`: this lesson adds to it. */
export const previousAnatomy = (cwd: string) => anatomyOf(previousLesson, cwd);
