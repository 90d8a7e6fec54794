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
      // Both teammates idle at once, two ready tasks. Which one claims which (or one both, if
      // the other is slow to start) is up to the machine's timing, so each gets a turn for
      // every phase it might run; the board's lock alone must keep a task to one work phase.
      const session = await teamSession(t, [
        turn([use("task_create", { subject: "Tax" }), use("task_create", { subject: "Shipping" })]),
        turn(["alice", "bob"].map((name) => use("spawn_teammate", { name, role: "works", prompt: "Wait for work." }))),
        say("They will find it."),
        ...["alice", "bob"].flatMap((agent) => [1, 2, 3].map(() => turn([use("idle", {})], { agent }))),
      ]);
      const phases = { alice: session.phases("alice"), bob: session.phases("bob") };
      expect([...phases.alice, ...phases.bob].sort(), "two teammates idle at once, two ready tasks: each task should start exactly one work phase").toEqual(["Task #1: Tax", "Task #2: Shipping"]);
      const ownerOf = (subject: string) => (phases.alice.includes(subject) ? "alice" : "bob");
      expect([(await session.task(1)).owner, (await session.task(2)).owner], "each task's owner on the board: the teammate whose work phase it started").toEqual([ownerOf("Task #1: Tax"), ownerOf("Task #2: Shipping")]);
    },
  },
]);
