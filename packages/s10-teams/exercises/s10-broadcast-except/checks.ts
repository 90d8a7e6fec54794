/**
 * s10-broadcast-except: the lesson's agent with the student's tools.ts. The scripted lead spawns
 * alice, bob and carol, broadcasts with `except`, and the checks read what each teammate was sent
 * and the lead's tool results.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { bodyOf, requestsOf, runAll, textOfMessage } from "../../../s09-background/src/testing/index.ts";

const NEWS = "The build is green again.";
const say = (text: string, extra: object = {}) => ({ ...extra, content: [{ type: "text", text }] });
const use = (name: string, input: object) => ({ type: "tool_use", name, input });

/** A team of three, one broadcast with `except`; what each teammate read, and the lead's results. */
async function broadcastTo(t: CheckContext, except: string[]) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const spawn = (name: string) => use("spawn_teammate", { name, role: "waits", prompt: "Wait for news." });
  const turns = [
    { content: ["alice", "bob", "carol"].map(spawn) },
    { content: [use("broadcast", { content: NEWS, except })] },
    say("Told them."),
    ...["alice", "bob", "carol"].flatMap((agent) => [say("Waiting.", { agent }), say("Got the news.", { agent })]),
  ];
  const { agent, simulator, renderer } = await scriptedAgent(lesson, JSON.stringify({ turns }), await t.workspace({}));
  try {
    await runAll(agent, "Tell the team the news.", renderer);
  } finally {
    await agent.close?.();
  }
  const read = (name: string) => requestsOf(simulator.requests, name).map((r) => bodyOf(r).messages.map(textOfMessage).join("\n")).at(-1) ?? "";
  const result = toolResultsOf(requestsOf(simulator.requests, "lead")[2]!.body)[0]!;
  return { result, times: (name: string) => read(name).split(NEWS).length - 1 };
}

export default defineChecks([
  {
    name: "broadcast { except: [\"bob\", \"bob\"] } reaches alice and carol once each, and not bob",
    async run(t) {
      const { result, times } = await broadcastTo(t, ["bob", "bob"]);
      expect(result.content, 'step 2: the lead broadcasts with except: ["bob", "bob"]; the tool result').toBe("Sent to alice, carol.");
      expect(times("alice"), "how many times alice read the broadcast").toBe(1);
      expect(times("carol"), "how many times carol read the broadcast").toBe(1);
      expect(times("bob"), "how many times bob (left out) read the broadcast").toBe(0);
    },
  },
  {
    name: "a name in except that is not on the team is refused, and nobody gets the message",
    async run(t) {
      const { result, times } = await broadcastTo(t, ["bobb"]);
      expect(result.isError, 'step 2: broadcast with except: ["bobb"] (a typo for bob) should be an error result, not a message to bob').toBe(true);
      expect(result.content, "the error names the unknown teammate").toContain("bobb");
      expect(["alice", "bob", "carol"].map(times), "times alice, bob and carol read the broadcast").toEqual([0, 0, 0]);
    },
  },
]);
