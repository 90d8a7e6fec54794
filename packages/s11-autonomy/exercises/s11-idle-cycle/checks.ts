/**
 * s11-idle-cycle: the lesson's agent with the student's idle cycle. The scripted lead puts tasks
 * on the board and spawns teammates that only call `idle`: their idle cycle must find the work.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { say, teamSession, turn, use } from "../check-helpers/team-session.ts";

const done = (agent: string, id: number, extra: object = {}) => turn([use("task_update", { id, status: "completed" }), use("idle", {})], { agent, ...extra });

export default defineChecks([
  {
    name: "an idle teammate claims the first ready, ownerless task, and the next once it is unblocked",
    async run(t) {
      const session = await teamSession(t, [
        turn([use("task_create", { subject: "First" }), use("task_create", { subject: "Second", blockedBy: [1] })]),
        turn([use("spawn_teammate", { name: "alice", role: "works", prompt: "Wait for work." })]),
        say("alice will find it."),
        turn([use("idle", {})], { agent: "alice" }),
        done("alice", 1, { expect: { lastUserIncludes: "Task #1: First" } }),
        done("alice", 2, { expect: { lastUserIncludes: "Task #2: Second" } }),
      ]);
      expect(session.phases("alice"), "after her first `idle`, alice's work phases should start with the tasks, in order (#2 waits for #1)").toEqual(["Task #1: First", "Task #2: Second"]);
      expect([await session.task(1), await session.task(2)], "the board afterwards").toEqual([
        expect.objectContaining({ owner: "alice", status: "completed" }),
        expect.objectContaining({ owner: "alice", status: "completed" }),
      ]);
    },
  },
  {
    name: "two idle teammates never claim the same task",
    async run(t) {
      // Both idle at once over two ready tasks. Each one's work phase is held until the other
      // has sent its own next request (`asked: 2`), so neither can finish and claim again
      // before both have claimed: the board's lock alone decides who gets which.
      const other = { alice: "bob", bob: "alice" } as const;
      const session = await teamSession(t, [
        turn([use("task_create", { subject: "Tax" }), use("task_create", { subject: "Shipping" })]),
        turn(["alice", "bob"].map((name) => use("spawn_teammate", { name, role: "works", prompt: "Wait for work." }))),
        say("They will find it."),
        ...(["alice", "bob"] as const).flatMap((agent) => [turn([use("idle", {})], { agent }), turn([use("idle", {})], { agent, after: { agent: other[agent], asked: 2 } })]),
      ]);
      const claimed = [...session.phases("alice"), ...session.phases("bob")].sort();
      expect(claimed, "two teammates idle at once, two ready tasks: each task should start exactly one work phase").toEqual(["Task #1: Tax", "Task #2: Shipping"]);
      expect([(await session.task(1)).owner, (await session.task(2)).owner].sort(), "the owners on the board").toEqual(["alice", "bob"]);
    },
  },
]);
