/**
 * Autonomy and protocols added to lesson 10's team. The lead still spawns teammates and talks
 * to them by mail; what changes is what a teammate does on its own, and how two agents agree:
 *
 *   idle teammate ──► its mail? the board? ──► claims "Task #3: …" ──► works ──► idle ──► …
 *                                           └─ nothing for idle-timeout-ms ──► tells the lead, shuts down
 *   lead ── shutdown_request ──► teammate ── shutdown_response { request_id, approve } ──► lead
 *   teammate ── submit_plan ──► lead ── plan_approval { request_id, approve } ──► teammate (unlocked)
 *
 * Every request carries an id (`request_id: req-1` in the message), so an answer names the
 * question it answers. A teammate re-learns who it is after a compaction (its identity is live state).
 */
import type { AgentOptions, AgentParts } from "@learn/core";
import type { PartsOf } from "@learn/s05";
import { TaskBoard } from "@learn/s08";
import { SPAWN_TEAMMATE_TOOL, teamFor, type BuiltTeam, type TeammateHandle } from "@learn/s10";
import { idleCycle } from "./autonomy/idle-cycle.ts";
import { identityNote, LEAD_AUTONOMY, teammateAutonomy } from "./autonomy/prompt.ts";
import { idleSettings } from "./autonomy/settings.ts";
import { spawnTeammateTool } from "./autonomy/spawn.ts";
import { CLAIM_TASK_TOOL, claimTaskTool, endPhaseHook, idleTool } from "./autonomy/tools.ts";
import { PlanGate, planApprovalTool, Requests, shutdownRequestTool, shutdownResponseTool, submitPlanTool } from "./protocols/index.ts";

const CLAIM_GRANT = "lesson 11: claim_task writes only the board, as the task tools do";

/** The team of this lesson, built (for the previous lesson's lead), and the lead's own protocol tools. */
export interface AutonomousTeam {
  built: BuiltTeam;
  /** The lead's parts with this lesson's tools: spawn_teammate with plan_first, shutdown_request, plan_approval. */
  lead(parts: AgentParts): AgentParts;
}

export async function autonomousTeam(options: AgentOptions, children: PartsOf): Promise<AutonomousTeam> {
  const settings = idleSettings(options.flags);
  const board = await TaskBoard.open(options.cwd);
  const gate = new PlanGate();
  const leaving = new Set<string>();
  const mates = new Map<string, TeammateHandle>();
  // The extensions run at spawn time, when everything below exists.
  let requests!: Requests;
  let teamName = "";
  const built = await teamFor(options, children, {
    extend: (parts, mate) => {
      mates.set(mate.name, mate);
      parts.permissions?.grants.add([CLAIM_TASK_TOOL], CLAIM_GRANT);
      return {
        ...parts,
        tools: [
          ...parts.tools,
          claimTaskTool(board),
          idleTool(),
          submitPlanTool(requests, gate),
          shutdownResponseTool(requests, (name) => {
            leaving.add(name);
            mates.get(name)?.retire();
          }),
        ],
        hooks: [...parts.hooks, gate.hook(), endPhaseHook((agent) => leaving.has(agent))],
        sections: [...parts.sections, teammateAutonomy(gate.waiting(mate.name))],
        liveState: [...parts.liveState, () => identityNote(mate.name, mate.role, teamName)],
      };
    },
    whenIdle: (mate) => idleCycle(board, built.mailboxes, settings)(mate),
  });
  requests = new Requests(built.mailboxes);
  teamName = (await built.roster.read()).teamName;
  return {
    built,
    lead: (lead) => ({
      ...lead,
      tools: [
        ...lead.tools.map((tool) => (tool.name === SPAWN_TEAMMATE_TOOL ? spawnTeammateTool(built.team, gate) : tool)),
        shutdownRequestTool(requests, built.team),
        planApprovalTool(requests, gate),
      ],
      sections: [...lead.sections, LEAD_AUTONOMY],
    }),
  };
}
