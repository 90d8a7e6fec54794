/**
 * s11-end-phase: the lesson's agent with the student's tools.ts. A scripted teammate calls `idle`,
 * or approves a shutdown, with one more answer scripted after it: that answer must never be
 * asked for, since the phase ended.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { say, teamSession, turn, use } from "../check-helpers/team-session.ts";

export default defineChecks([
  {
    name: "after a round that calls idle, the teammate makes no further model call in that phase",
    async run(t) {
      const session = await teamSession(t, [
        turn([use("spawn_teammate", { name: "alice", role: "waits", prompt: "Wait for work." })]),
        say("alice is waiting."),
        turn([use("idle", {})], { agent: "alice" }),
        say("I went on after idle.", { agent: "alice" }),
      ]);
      expect(session.requests("alice").length, "alice calls idle in her first answer: she should send no second request").toBe(1);
    },
  },
  {
    name: "after approving a shutdown, the teammate makes no further model call, and is shut down",
    async run(t) {
      const session = await teamSession(t, [
        turn([use("spawn_teammate", { name: "alice", role: "waits", prompt: "Wait for work." })]),
        say("Waiting.", { agent: "alice" }),
        turn([use("shutdown_request", { teammate: "alice" })], { after: { agent: "alice", served: 1 } }),
        say("Asked alice to stop."),
        turn([use("shutdown_response", { request_id: "req-1", approve: true })], { agent: "alice", expect: { lastUserIncludes: "request_id: req-1" } }),
        say("I went on after agreeing to stop.", { agent: "alice" }),
        say("alice stopped."),
      ]);
      expect(session.requests("alice").length, "alice's second answer approves the shutdown: she should send no third request").toBe(2);
      expect(await session.status("alice"), "alice on the roster (.team/config.json)").toBe("shutdown");
    },
  },
]);
