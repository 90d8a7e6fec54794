/**
 * What the s09 exercises share: run one background job in the lesson's agent (with the student's
 * files in place) and read the note the model was sent about it.
 */
import { expect } from "vitest";
import type { CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { lastMessage, runAll, textOfMessage } from "../../src/testing/index.ts";
import { scriptedAgent } from "@learn/core/testing";

const RESULTS = /<background-results>\n([\s\S]*?)\n<\/background-results>/;

/**
 * The text inside the <background-results> block the model got after `command` ran with
 * background_run: the scripted model starts it, ends its turn, and reads the note when it
 * arrives (in its next request, or in a turn of its own).
 */
export async function backgroundNote(t: CheckContext, command: string): Promise<string> {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const turns = [
    { content: [{ type: "tool_use", name: "background_run", input: { command } }] },
    { content: [{ type: "text", text: "Started; I will read the result when it lands." }] },
    { content: [{ type: "text", text: "Read it." }] },
  ];
  const { agent, simulator, renderer } = await scriptedAgent(lesson, JSON.stringify({ turns }), await t.workspace());
  try {
    await runAll(agent, "Run it in the background.", renderer);
  } finally {
    await agent.close?.();
  }
  const started = simulator.requests[1] ? textOfMessage(lastMessage(simulator.requests[1])) : "";
  expect(started, `step 1: background_run \`${command}\` should have started job-1`).toContain("Started job-1");
  const notes = simulator.requests.map((r) => RESULTS.exec(textOfMessage(lastMessage(r)))?.[1]).filter(Boolean);
  const errors = renderer.ofKind("error").map((e) => e.text);
  expect(notes.length, `step 2: the job's note should reach the model once, in a <background-results> block${errors.length ? ` (the screen said: ${errors.join(" | ").slice(0, 300)})` : ""}`).toBe(1);
  return notes[0]!;
}
