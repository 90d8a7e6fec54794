/**
 * s11-role-claims: the lesson's agent with the student's idle cycle. The scripted lead puts tasks
 * on the board and spawns teammates with roles that only call `idle`; the checks read which task
 * started each of their work phases, and the board.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { say, teamSession, turn, use } from "../check-helpers/team-session.ts";

const task = (subject: string) => use("task_create", { subject });
const spawn = (name: string, role: string) => use("spawn_teammate", { name, role, prompt: "Wait for work." });
const idle = (agent: string) => turn([use("idle", {})], { agent });
const finish = (agent: string, id: number) => turn([use("task_update", { id, status: "completed" }), use("idle", {})], { agent });

export default defineChecks([
  {
    name: "a teammate whose role is tests takes the tests task first, then the others in order",
    async run(t) {
      const session = await teamSession(t, [
        turn([task("Update the docs"), task("Add tests for the cart"), task("Fix the cart total")]),
        turn([spawn("alice", "tests")]),
        say("alice will find work."),
        idle("alice"),
        finish("alice", 2),
        finish("alice", 1),
        finish("alice", 3),
      ]);
      expect(session.phases("alice"), "board: #1 Update the docs, #2 Add tests for the cart, #3 Fix the cart total; alice (role: tests) idles — the tasks she is given, in order").toEqual([
        "Task #2: Add tests for the cart",
        "Task #1: Update the docs",
        "Task #3: Fix the cart total",
      ]);
    },
  },
  {
    name: "two teammates with different roles split a board by role",
    async run(t) {
      const session = await teamSession(t, [
        turn([task("Add tests for the cart"), task("Update the docs for the cart")]),
        turn([spawn("alice", "docs"), spawn("bob", "tests")]),
        say("They will find work."),
        idle("alice"),
        idle("bob"),
        // Each finishes only once the other has claimed (sent its next request): a fast one
        // cannot fall back to the other's task before the other got to it.
        { ...finish("alice", 2), after: { agent: "bob", asked: 2 } },
        { ...finish("bob", 1), after: { agent: "alice", asked: 2 } },
      ]);
      expect(session.phases("alice"), "board: #1 Add tests…, #2 Update the docs…; alice's role is docs").toEqual(["Task #2: Update the docs for the cart"]);
      expect(session.phases("bob"), "bob's role is tests").toEqual(["Task #1: Add tests for the cart"]);
      expect([(await session.task(1)).owner, (await session.task(2)).owner], "the owners of #1 and #2 on the board").toEqual(["bob", "alice"]);
    },
  },
]);
