/**
 * What the s07 agent-level tests share: reading a request body (its messages, its
 * `cache_control` breakpoints, whether it offers tools), telling a summary request from the
 * agent's own, and small builders for scripted turns.
 */
import type { MessageParam } from "@learn/core";
import type { RecordedRequest } from "@learn/core/simulator";
import { lesson as previousLesson } from "@learn/s06";
import { anatomyOf } from "@learn/s06/testing";

export { breakpointsOf, never, text, use, writeFiles } from "@learn/s06/testing";

export interface SystemBlock {
  type: "text";
  text: string;
  cache_control?: { type: string };
}

export interface Body {
  model: string;
  max_tokens: number;
  system: SystemBlock[] | string;
  messages: MessageParam[];
  tools?: { name: string; cache_control?: unknown }[];
}

export const bodyOf = (r: RecordedRequest) => r.body as Body;
export const toolsOf = (r: RecordedRequest) => (bodyOf(r).tools ?? []).map((t) => t.name);
export const of = (requests: RecordedRequest[], agent: string) => requests.filter((r) => r.agent === agent);
/** A summary request: the agent's own request with the summary prompt as the last user text. */
export const isSummaryRequest = (r: RecordedRequest) => JSON.stringify(bodyOf(r).messages.at(-1)?.content ?? "").includes("Summarise the conversation so far");
/** The whole text of a message (its text blocks and tool results' text), for searching. */
export const textOfMessage = (m: MessageParam | undefined) => (m === undefined ? "" : typeof m.content === "string" ? m.content : JSON.stringify(m.content));
/** The message of an answered request, as the simulator sent it. */
export const responseOf = (r: RecordedRequest) => r.response as { content: { type: string; text?: string; name?: string }[]; stop_reason: string; error?: { message: string } };

/** What the previous lesson's agent is made of, in `cwd`: this lesson adds to it. */
export const previousAnatomy = (cwd: string) => anatomyOf(previousLesson, cwd);
