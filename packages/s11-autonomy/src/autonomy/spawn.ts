/**
 * spawn_teammate, as lesson 10 has it plus `plan_first`: a teammate spawned so must have its
 * plan approved before it may change anything (the plan gate refuses its mutating tools).
 */
import { defineTool, type Tool } from "@learn/core";
import { SPAWN_TEAMMATE_TOOL, type Spawner } from "@learn/s10";
import { z } from "zod";
import type { PlanGate } from "./protocols/index.ts";

export function spawnTeammateTool(team: Spawner, gate: PlanGate): Tool {
  return defineTool({
    name: SPAWN_TEAMMATE_TOOL,
    description:
      "Start a teammate: another agent with its own context that works at the same time as you, with the file tools and bash. " +
      "Give it a name, a role, and a whole prompt (it sees nothing of this conversation). When idle it claims ready tasks from " +
      "the board by itself. plan_first: it must submit a plan for your approval before it changes anything.",
    input: z.object({
      name: z.string().describe('Lowercase letters, digits and hyphens, starting with a letter: "alice", "test-writer".'),
      role: z.string().min(1).describe("What it is for, in a few words: 'writes the tests'."),
      prompt: z.string().min(1).describe("Its first task, complete: what to do, and what to report to you."),
      plan_first: z.boolean().default(false).describe("Require a plan, approved with plan_approval, before it changes anything."),
    }),
    permission: { mutating: true },
    summary: ({ name, role, plan_first }) => `${name} (${role})${plan_first ? ", plan first" : ""}`,
    async run({ name, role, prompt, plan_first }) {
      // A name that is free (never used, or its teammate shut down) starts a new teammate: gated as
      // asked now, never by what was asked of the last one. A name in use is refused by spawn.
      if (!team.names().includes(name)) {
        if (plan_first) gate.require(name);
        else gate.approve(name);
      }
      return team.spawn(name, role, prompt);
    },
  });
}
