/**
 * The board and s04's plan reminder: task_create and task_update declare that they keep the
 * plan (`keepsPlan`), so a round with one is a round of planning. An agent that keeps its plan
 * on the board is never told it has "no plan"; when the board goes stale, the reminder names
 * the tool the plan was kept with. A read of the board (task_list) changes no plan.
 */
import { describe, expect, it } from "vitest";
import type { MessageParam } from "@learn/core";
import { scriptedAgent, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { never, text, use } from "./helpers.ts";

const ws = useTempWorkspace({ "notes.txt": "hello\n" });

const read = use("read_file", { path: "notes.txt" });
const round = (...calls: object[]) => ({ content: calls });

/** The reminder text each request's last message carried, or "" for none. */
async function remindersSent(turns: object[]) {
  const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), ws.dir);
  await agent.run("Go.", never());
  expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
  return simulator.requests.map((r) => {
    const last = (r.body as { messages: MessageParam[] }).messages.at(-1)!;
    const blocks = typeof last.content === "string" ? [] : last.content;
    return blocks.flatMap((b) => (b.type === "text" && b.text.startsWith("<reminder>") ? [b.text] : [])).join("");
  });
}

describe("the task board keeps the plan (s04's reminder)", () => {
  it("task_create and task_update rounds count as planning: no reminder while the board is kept", async () => {
    const sent = await remindersSent([
      round(use("task_create", { subject: "Read the notes" })),
      round(read),
      round(read),
      round(use("task_update", { id: 1, status: "in_progress" }), read),
      round(read),
      round(read),
      round(use("task_update", { id: 1, status: "completed" })),
      { content: [text("Done.")] },
    ]);
    expect(sent.filter(Boolean)).toEqual([]);
  });

  it("a stale board gets a reminder that names the tool the plan was kept with, never 'no plan'", async () => {
    const sent = await remindersSent([
      round(use("task_create", { subject: "Read the notes" })),
      round(read),
      round(use("task_list", {})), // a read of the board changes no plan
      round(read),
      { content: [text("Done.")] },
    ]);
    expect(sent.slice(0, 4)).toEqual(["", "", "", ""]);
    expect(sent[4]).toBe(
      "<reminder>Your plan, kept with task_create, has not changed in 3 rounds of tool calls. " +
        "Bring it up to date: mark what you finished and what you are on now; if the plan no longer fits, change it.</reminder>",
    );
    expect(sent.join("")).not.toContain("no plan");
  });

  it("a task_update the board refused keeps nothing: the count goes on", async () => {
    const sent = await remindersSent([
      round(read),
      round(read),
      round(use("task_update", { id: 9, status: "completed" })), // no task #9
      { content: [text("Done.")] },
    ]);
    expect(sent.at(-1)).toMatch(/^<reminder>3 rounds of tool calls and no plan\./);
  });
});
