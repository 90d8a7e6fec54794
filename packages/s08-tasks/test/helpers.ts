/**
 * What the s08 agent-level tests share: reading a request body (its messages, the tools it
 * offers), telling a summary request from the agent's own, the task files on disk, and small
 * builders for scripted turns.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { MessageParam } from "@learn/core";
import type { RecordedRequest } from "@learn/core/simulator";
import { toolResultsOf } from "@learn/core/testing";
import { anatomyOf } from "@learn/s06/testing";
import { lesson as previousLesson } from "@learn/s07";
import { TASK_DIR, type Task } from "../src/index.ts";
import { TaskSchema } from "../src/tasks/index.ts";

export { never, text, use, writeFiles } from "@learn/s06/testing";

export interface Body {
  model: string;
  system: { type: "text"; text: string }[] | string;
  messages: MessageParam[];
  tools?: { name: string }[];
}

export const bodyOf = (r: RecordedRequest) => r.body as Body;
export const toolsOf = (r: RecordedRequest) => (bodyOf(r).tools ?? []).map((t) => t.name);
/** A summary request: the agent's own request with the summary prompt as the last user text. */
export const isSummaryRequest = (r: RecordedRequest) => JSON.stringify(bodyOf(r).messages.at(-1)?.content ?? "").includes("Summarise the conversation so far");
/** The whole text of a message (its text blocks and tool results' text), for searching. */
export const textOfMessage = (m: MessageParam | undefined) => (m === undefined ? "" : typeof m.content === "string" ? m.content : JSON.stringify(m.content));

/** Every tool result the model was sent, once each (a summary request repeats the last ones), in order. */
export function resultsSent(requests: RecordedRequest[]) {
  return [...new Map(requests.flatMap((r) => toolResultsOf(r.body)).map((t) => [t.id, t])).values()];
}

/** The task files in `dir`'s board, each parsed with the schema the board writes with. */
export async function taskFiles(dir: string): Promise<Record<string, Task>> {
  const folder = path.join(dir, TASK_DIR);
  const names = (await readdir(folder)).filter((n) => !n.startsWith(".")).sort();
  const files: Record<string, Task> = {};
  for (const name of names) files[name] = TaskSchema.parse(JSON.parse(await readFile(path.join(folder, name), "utf8")));
  return files;
}

/** What the previous lesson's agent is made of, in `cwd`: this lesson adds to it. */
export const previousAnatomy = (cwd: string) => anatomyOf(previousLesson, cwd);
