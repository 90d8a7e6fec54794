/**
 * Test helpers for lessons whose agent has turns nobody typed (a finished job, mail): run a
 * prompt as the demo and `--print` do — then every submitted turn, until nothing works for the
 * agent — recording each turn and who submitted it; and read the requests as the model read them.
 * Shared by this lesson's tests and the later lessons' (teams).
 */
import { runUntilIdle, type Agent, type IdleRunTurn, type MessageParam, type RecordedRequest, type Renderer } from "@learn/core";

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
